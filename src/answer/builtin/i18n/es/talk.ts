// What the engine says in conversation in Spanish (i18n/talk.ts says what each text is for).
import type { Feature, Sort, TypeFamily } from '../../../../listings/index.ts';
import type { Topic } from '../../honesty.ts';
import { type Talk, typeNamer } from '../talk.ts';

const FEATURES: Partial<Record<Feature, string>> = {
  pool: 'piscina',
  garage: 'garaje',
  pets: 'mascotas permitidas',
  furnished: 'amueblado',
  basement: 'sótano',
  finishedBasement: 'sótano terminado',
  fireplace: 'chimenea',
  waterfront: 'frente al agua',
  view: 'vista',
  centralAir: 'aire acondicionado central',
  inUnitLaundry: 'lavandería en la unidad',
  yard: 'jardín',
  balcony: 'balcón',
  elevator: 'ascensor',
  gym: 'gimnasio',
  solar: 'paneles solares',
  airConditioning: 'aire acondicionado',
  hardwood: 'pisos de madera',
  patio: 'patio',
};

const TYPES: Record<TypeFamily, string> = {
  sfr: 'unifamiliar',
  condo: 'condominio',
  town: 'casa adosada',
  multi: 'multifamiliar',
  apt: 'apartamento',
  land: 'terreno',
  other: 'otro',
};
const OR = 'o';
const NOT = 'excepto';

const TOPICS: Record<Topic, string> = {
  commercial: 'propiedades comerciales como oficinas, locales o bodegas',
  schools: 'escuelas',
  crime: 'delincuencia o seguridad',
  commute: 'tiempos de trayecto',
  taxes: 'impuestos a la propiedad',
  rates: 'hipotecas o tasas de interés',
  flood: 'zonas inundables',
  forecast: 'la evolución de los precios o consejos de inversión',
  insurance: 'seguros',
  walkability: 'lo caminable de la zona, el transporte o lo que hay cerca',
  listingAgent: 'quién es el vendedor o el agente del anuncio',
};

const SORTED: Partial<Record<Sort, string>> = {
  AreaDesc: 'más grandes',
  AreaAsc: 'más pequeñas',
  LotDesc: 'con el terreno más grande',
  LotAsc: 'con el terreno más pequeño',
  YearDesc: 'más nuevas',
  YearAsc: 'más antiguas',
  DaysOnMarketDesc: 'con más días en el mercado',
  DaysOnMarketAsc: 'con menos días en el mercado',
};

export const talk: Talk = {
  fairHousing:
    'No puedo seleccionar ni orientar viviendas según la raza, el color, la religión, el origen nacional, el sexo, la discapacidad o la situación familiar: las normas de vivienda justa protegen el derecho de todos a elegir dónde vivir. Esto es lo que coincide con el resto de su búsqueda.',
  cannotAnswer: (topic) =>
    `Lo siento, no tengo información fiable sobre ${TOPICS[topic]}, así que no puedo responder a eso. Alguien de nuestro equipo puede ayudarle: ¿quiere que le ponga en contacto con un agente?`,
  cannotCheck: (what) =>
    `Lo siento, no puedo comprobar ${what.join(' o ')}: nuestros anuncios no lo indican. Un agente puede averiguarlo: ¿quiere que le ponga en contacto?`,
  askName: '¡Gracias! ¿Me dice también su nombre, para que nuestro agente sepa a quién contactar?',
  askContactAgain:
    'Lo siento, no parece un número de teléfono o correo electrónico válido. ¿Puede escribirlo de nuevo, por ejemplo 512-555-0100 o nombre@ejemplo.com?',
  leadRecorded: '¡Gracias! Alguien de nuestro equipo se pondrá en contacto con usted pronto.',
  whoAmI: (name) =>
    `Soy el asistente virtual${name ? ` de ${name}` : ''}, un chatbot de IA (no una persona). Puedo buscar en nuestros anuncios, responder preguntas sobre una vivienda y ponerle en contacto con un agente.`,
  bye: '¡Adiós y gracias por su visita! Vuelva cuando quiera.',
  injection:
    'No puedo cambiar mi forma de trabajar, pero con gusto le ayudo con nuestras viviendas: dígame una ciudad, un presupuesto o lo que busca.',
  refPastEnd: (n) =>
    n
      ? `Solo mostré ${n} ${n === 1 ? 'anuncio' : 'anuncios'}; ¿a cuál se refiere?`
      : 'Todavía no he mostrado ningún anuncio.',
  noEarlierList: 'Todavía no he mostrado ningún anuncio: dígame qué busca.',
  noMore: 'Eso es todo: no hay más resultados.',
  moreIntro: (n) => (n === 1 ? 'Aquí tiene 1 más:' : `Aquí tiene ${n} más:`),
  showingSorted: (n, sort) => `${n === 1 ? 'Esta es la' : `Estas son las ${n}`} ${SORTED[sort] ?? 'primeras'}:`,
  yes: 'Sí',
  no: 'No',
  hasFeature: (f, has) => (has ? `Sí, tiene ${FEATURES[f] ?? f}.` : `No, no tiene ${FEATURES[f] ?? f}.`),
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'más barata', area: 'más grande', lot: 'la del terreno más grande', year: 'más nueva' }[by];
    return `${winner} es ${word}: ${a}, frente a ${b} de ${other}.`;
  },
  featureName: (f) => FEATURES[f] ?? f,
  typeName: typeNamer(TYPES, OR, NOT),
  area: (min, max) =>
    min && max ? `entre ${min} y ${max}` : min ? `de más de ${min}` : max ? `de menos de ${max}` : undefined,
  lot: (min, max) =>
    min && max
      ? `con terreno de entre ${min} y ${max}`
      : min
        ? `con terreno de más de ${min}`
        : max
          ? `con terreno de menos de ${max}`
          : undefined,
  year: (min, max) =>
    min && max
      ? `construidas entre ${min} y ${max}`
      : min
        ? `construidas desde ${min}`
        : max
          ? `construidas hasta ${max}`
          : undefined,
  hoa: (max, none) => (none ? 'sin cuota de HOA' : max ? `con HOA de hasta ${max}/mes` : undefined),
};
