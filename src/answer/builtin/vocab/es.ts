// Spanish: every word and phrasing the builtin engine reads in Spanish (types.ts says how).
import type { Vocabulary } from './types.ts';

const w = (s: string) => s.split(/\s+/).filter(Boolean);

export const es = {
  settingNames: ['spanish', 'espanol', 'es'],
  detect: {
    words:
      w(`buenas buenos tardes noches dias tal tienen tiene casa casas venta alquiler alquilar busco buscando quiero con por
      menos habitaciones banos cuantas cuantos cuanto donde hay que hola precio una los las el del mas al y estoy propiedades
      propiedad departamento apartamento gracias para comprar cerca dormitorios recamaras piscina mes algo alguna algun
      muestrame ensename vendidas vendidos`),
    // "¿", "¡", "ñ" are Spanish only; "á", "í", "ó", "ú" Spanish or Portuguese.
    marks: [
      { chars: '¿¡ñ', weight: 100 },
      { chars: 'áíóú', weight: 1 },
    ],
  },

  sale: ['en venta', 'venta', 'comprar?', 'compra'],
  rent: ['alquil\\w*', 'renta(r|s)?', 'arrend\\w*', 'arriendo'],
  monthly: ['al mes', 'por mes', 'mensual(es)?'],
  sold: ['ventas recientes', 'vendid[oa]s?'],
  preMarket: ['proximamente'],

  count: ['cuant[oa]s'],
  countLead: ['cuant[oa]s'],
  countFillers: w('de en y los las el un una ya hay tienen tiene tenes son estan'),
  average: ['promedio', 'precio medio', 'cuanto cuestan'],
  help: ['ayuda', 'que puedes hacer'],
  yesNo: ['tiene', 'tienen', 'hay', 'se permiten', 'se admiten', 'es', 'esta', 'puedo'],
  compare: ['cual (es|tiene)'],
  or: ['o'],
  placeBefore: ['en', 'cerca de'],
  human: [
    'hablar con',
    // "un agente" only when wanted ("quiero un agente", or alone): "una queja sobre un agente" is about one.
    '(?:^|\\b(?:quiero|necesito|prefiero|busco|contactar(?: con| a)?|comunicarme con|que) )(?:un|una) (?:agente|humano|persona)',
  ],
  realEstate: [
    'casas?',
    'propiedad\\w*',
    'pisos?',
    'vivienda\\w*',
    'inmueble\\w*',
    'departamento\\w*',
    'apartamento\\w*',
    'alquil\\w*',
    'venta',
    'compr\\w*',
    'habitacion\\w*',
    'dormitorio\\w*',
    'banos?',
    'precio\\w*',
    'piscin\\w*',
    'disponible\\w*',
    'vendid\\w*',
  ],
  offTopic: ['clima', 'restaurantes?', 'poemas?', 'chistes?', 'hipotecas?', 'escuelas?'],

  greeting: {
    core: w('hola buenas buenos'),
    filler: w('como estas esta que tal dias tardes noches y'),
    phrases: ['como estas?', 'que tal'],
  },
  thanks: {
    core: w('gracias adios chao ciao'),
    filler: w('muchas muchisimas genial vale perfecto eso es todo'),
    phrases: ['eso es todo', 'es todo'],
  },

  notPlace: w('enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'),
  notCity:
    w(`tienen tiene casa casas en venta alquiler con por menos de del el la los las un una y o que cuantas cuantos busco
    quiero hay para habitaciones banos precio mas al propiedades vendidas`),
  cityArticles: ['el', 'la', 'los', 'las', 'san'],

  numbers: { una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10 },
  multipliers: { mil: 1e3, millon: 1e6, millones: 1e6 },
  currencies: ['dolares'],

  bedroom: ['habitacion(?:es)?', 'recamaras?', 'dormitorios?', 'cuartos?', 'alcobas?'],
  bathroom: ['banos?'],
  studio: ['monoambientes?'],
  rooms: ['ambientes?', 'amb'],
  atLeast: ['al menos', 'por lo menos', 'minimo'],
  exactly: ['exactamente', 'solo'],
  atMost: ['hasta', 'como maximo', 'maximo'],
  orMore: ['o mas', 'y mas'],
  above: ['mas de', 'minimo'],
  below: ['menos de', 'maximo', 'hasta'],
  rangeStart: ['entre', 'de', 'desde'],
  rangeJoin: ['y', 'a', 'o', 'hasta'],

  types: {
    sfr: ['unifamiliar(es)?'],
    town: ['(casas? )?adosad[ao]s?'],
    condo: ['condominios?'],
    multi: ['multifamiliar(es)?'],
    // "Apartamento" names any flat, a condo included.
    flat: ['apartamentos?', 'departamentos?', 'pisos?'],
    apt: [],
    land: ['terrenos?'],
    house: [],
    home: ['casas?', 'viviendas?'],
  },
  negation: ['sin', 'excepto', 'menos', 'nada de'],
  without: ['sin'],
  articles: ['un', 'una', 'de'],
  features: {
    finishedBasement: ['sotanos? (terminados?|acabados?)'],
    basement: ['sotanos?'],
    pool: ['piscinas?', 'albercas?'],
    garage: ['garajes?', 'cocheras?'],
    pets: ['mascotas?', '(mi|mis|con) (perros?|gatos?)'],
    unfurnished: ['sin amueblar'],
    furnished: ['amueblad[oa]s?'],
    fireplace: ['chimeneas?'],
    waterfront: ['frente al (mar|agua|lago)'],
    centralAir: ['aire acondicionado central'],
    airConditioning: ['aire acondicionado'],
    hardwood: ['pisos? de madera'],
    patio: ['terrazas?'],
    inUnitLaundry: ['lavadora'],
    balcony: ['balcones?'],
    yard: ['jardin(es)?'],
    elevator: ['ascensor(es)?'],
    gym: ['gimnasio'],
    view: ['vistas?'],
  },
  viewAsVerbAfter: [],
  unknownFeatures: ['paneles solares', 'bodega de vinos'],
  areaUnits: { feet: ['pies cuadrados'], metres: ['metros cuadrados'] },
  built: ['construid[ao]s?'],
  since: ['desde'],
  after: ['despues de'],
  inYear: ['en'],
  before: ['antes de'],
  newBuild: ['obra nueva', '(casas?|viviendas?) a estrenar'],
  hoa: ['cuota de hoa'],
  hoaFree: [],
  sorts: {
    LotDesc: ['terreno mas grande'],
    YearDesc: ['mas nuev[oa]s?'],
    YearAsc: ['mas antigu[oa]s?'],
    AreaDesc: ['mas grandes?'],
    AreaAsc: ['mas pequen[oa]s?'],
    DaysOnMarketAsc: ['recien (publicad|listad)[oa]s'],
    PriceAsc: ['mas barat[oa]s?', 'mas economic[oa]s?'],
    PriceDesc: ['mas car[oa]s?'],
  },
} satisfies Vocabulary;
