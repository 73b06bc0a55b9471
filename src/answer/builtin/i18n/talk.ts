// What the engine says in conversation beyond listing searches: fair housing, questions it
// cannot answer, leads, small talk, references, yes/no answers, comparisons, and the names
// of the criteria an answer applied. English, Spanish, French and Portuguese.
import type { Feature, Sort, TypeFamily } from '../../../listings/index.ts';
import type { Topic } from '../honesty.ts';
import type { Lang } from '../lexicon.ts';

export interface Talk {
  fairHousing: string;
  cannotAnswer(topic: Topic): string;
  cannotCheck(what: string[]): string;
  askName: string;
  askContactAgain: string;
  leadRecorded: string;
  whoAmI(name: string): string;
  bye: string;
  injection: string;
  refPastEnd(shown: number): string;
  noEarlierList: string;
  noMore: string;
  moreIntro(n: number): string;
  /** "Here are the 5 largest:" for orders other than newest and price. */
  showingSorted(shown: number, sort: Sort): string;
  yes: string;
  no: string;
  hasFeature(feature: Feature, has: boolean): string;
  compare(winner: string, other: string, by: 'price' | 'area' | 'lot' | 'year', values: [string, string]): string;
  featureName(f: Feature): string;
  typeName(types: TypeFamily[] | undefined, notTypes: TypeFamily[] | undefined): string | undefined;
  area(min?: string, max?: string): string | undefined;
  lot(min?: string, max?: string): string | undefined;
  year(min?: number, max?: number): string | undefined;
  hoa(max?: string, none?: boolean): string | undefined;
}

const FEATURES: Record<Lang, Partial<Record<Feature, string>>> = {
  en: {
    pool: 'a pool',
    garage: 'a garage',
    pets: 'pets allowed',
    furnished: 'furnished',
    basement: 'a basement',
    finishedBasement: 'a finished basement',
    fireplace: 'a fireplace',
    waterfront: 'waterfront',
    view: 'a view',
    centralAir: 'central air',
    inUnitLaundry: 'in-unit laundry',
    yard: 'a yard',
    balcony: 'a balcony',
    elevator: 'an elevator',
    gym: 'a gym',
    solar: 'solar panels',
    airConditioning: 'air conditioning',
    hardwood: 'hardwood floors',
    patio: 'a patio',
  },
  es: {
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
  },
  fr: {
    pool: 'une piscine',
    garage: 'un garage',
    pets: 'animaux acceptés',
    furnished: 'meublé',
    basement: 'un sous-sol',
    finishedBasement: 'un sous-sol aménagé',
    fireplace: 'une cheminée',
    waterfront: 'en bord de l’eau',
    view: 'une vue',
    centralAir: 'la climatisation centrale',
    inUnitLaundry: 'une buanderie privée',
    yard: 'un jardin',
    balcony: 'un balcon',
    elevator: 'un ascenseur',
    gym: 'une salle de sport',
    solar: 'des panneaux solaires',
    airConditioning: 'la climatisation',
    hardwood: 'du parquet',
    patio: 'une terrasse',
  },
  pt: {
    pool: 'piscina',
    garage: 'garagem',
    pets: 'animais permitidos',
    furnished: 'mobiliado',
    basement: 'porão',
    finishedBasement: 'porão acabado',
    fireplace: 'lareira',
    waterfront: 'frente para a água',
    view: 'vista',
    centralAir: 'ar-condicionado central',
    inUnitLaundry: 'lavanderia na unidade',
    yard: 'quintal',
    balcony: 'varanda',
    elevator: 'elevador',
    gym: 'academia',
    solar: 'painéis solares',
    airConditioning: 'ar-condicionado',
    hardwood: 'piso de madeira',
    patio: 'pátio',
  },
};

const TYPES: Record<Lang, Record<TypeFamily, string>> = {
  en: {
    sfr: 'single-family',
    condo: 'condo',
    town: 'townhouse',
    multi: 'multi-family',
    apt: 'apartment',
    land: 'land',
    other: 'other',
  },
  es: {
    sfr: 'unifamiliar',
    condo: 'condominio',
    town: 'casa adosada',
    multi: 'multifamiliar',
    apt: 'apartamento',
    land: 'terreno',
    other: 'otro',
  },
  fr: {
    sfr: 'maison individuelle',
    condo: 'copropriété',
    town: 'maison de ville',
    multi: 'plurifamilial',
    apt: 'appartement',
    land: 'terrain',
    other: 'autre',
  },
  pt: {
    sfr: 'casa térrea ou sobrado',
    condo: 'condomínio',
    town: 'casa geminada',
    multi: 'multifamiliar',
    apt: 'apartamento',
    land: 'terreno',
    other: 'outro',
  },
};
const HOMES_COUNT = 6;
const OR: Record<Lang, string> = { en: 'or', es: 'o', fr: 'ou', pt: 'ou' };
const NOT: Record<Lang, string> = { en: 'other than', es: 'excepto', fr: 'sauf', pt: 'exceto' };

function typeName(lang: Lang) {
  return (types?: TypeFamily[], notTypes?: TypeFamily[]) => {
    const names = TYPES[lang];
    const parts: string[] = [];
    if (types?.length && types.length < HOMES_COUNT) parts.push(types.map((t) => names[t]).join(` ${OR[lang]} `));
    if (notTypes?.length) parts.push(`${NOT[lang]} ${notTypes.map((t) => names[t]).join(` ${OR[lang]} `)}`);
    return parts.length ? parts.join(', ') : undefined;
  };
}

const TOPICS: Record<Lang, Record<Topic, string>> = {
  en: {
    commercial: 'commercial property such as offices, shops or warehouses',
    schools: 'schools',
    crime: 'crime or safety',
    commute: 'commute times',
    taxes: 'property taxes',
    rates: 'mortgage or interest rates',
    flood: 'flood zones',
    forecast: 'where prices are going or investment advice',
    insurance: 'insurance',
    walkability: 'walkability, transit or what is nearby',
    listingAgent: 'who the seller or the listing agent is',
  },
  es: {
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
  },
  fr: {
    commercial: 'l’immobilier commercial, comme les bureaux, les locaux ou les entrepôts',
    schools: 'les écoles',
    crime: 'la criminalité ou la sécurité',
    commute: 'les temps de trajet',
    taxes: 'les impôts fonciers',
    rates: 'les taux de crédit immobilier',
    flood: 'les zones inondables',
    forecast: 'l’évolution des prix ou les conseils d’investissement',
    insurance: 'les assurances',
    walkability: 'ce qui est accessible à pied, les transports ou ce qu’il y a à proximité',
    listingAgent: 'qui est le vendeur ou l’agent de l’annonce',
  },
  pt: {
    commercial: 'imóveis comerciais, como escritórios, lojas ou galpões',
    schools: 'escolas',
    crime: 'criminalidade ou segurança',
    commute: 'tempos de deslocamento',
    taxes: 'impostos sobre o imóvel',
    rates: 'financiamento ou taxas de juros',
    flood: 'áreas de enchente',
    forecast: 'a evolução dos preços ou conselhos de investimento',
    insurance: 'seguros',
    walkability: 'o que fica a pé, o transporte ou o que há por perto',
    listingAgent: 'quem é o vendedor ou o corretor do anúncio',
  },
};

const SORTED: Record<Lang, Partial<Record<Sort, string>>> = {
  en: {
    AreaDesc: 'largest',
    AreaAsc: 'smallest',
    LotDesc: 'on the biggest lots',
    LotAsc: 'on the smallest lots',
    YearDesc: 'most recently built',
    YearAsc: 'oldest',
    DaysOnMarketDesc: 'longest on the market',
    DaysOnMarketAsc: 'newest on the market',
  },
  es: {
    AreaDesc: 'más grandes',
    AreaAsc: 'más pequeñas',
    LotDesc: 'con el terreno más grande',
    LotAsc: 'con el terreno más pequeño',
    YearDesc: 'más nuevas',
    YearAsc: 'más antiguas',
    DaysOnMarketDesc: 'con más días en el mercado',
    DaysOnMarketAsc: 'con menos días en el mercado',
  },
  fr: {
    AreaDesc: 'plus grands',
    AreaAsc: 'plus petits',
    LotDesc: 'plus grands terrains',
    LotAsc: 'plus petits terrains',
    YearDesc: 'plus récents',
    YearAsc: 'plus anciens',
    DaysOnMarketDesc: 'plus longtemps sur le marché',
    DaysOnMarketAsc: 'plus récemment mis en vente',
  },
  pt: {
    AreaDesc: 'maiores',
    AreaAsc: 'menores',
    LotDesc: 'com os maiores terrenos',
    LotAsc: 'com os menores terrenos',
    YearDesc: 'mais novos',
    YearAsc: 'mais antigos',
    DaysOnMarketDesc: 'há mais tempo no mercado',
    DaysOnMarketAsc: 'há menos tempo no mercado',
  },
};

const en: Talk = {
  fairHousing:
    "I can't select or steer homes by race, colour, religion, national origin, sex, disability or familial status: fair housing rules protect everyone's right to choose where to live. Here is what matches the rest of your request.",
  cannotAnswer: (topic) =>
    `Sorry, I don't have reliable information about ${TOPICS.en[topic]}, so I can't answer that. Someone from our team can help: would you like me to connect you with an agent?`,
  cannotCheck: (what) =>
    `Sorry, I can't check ${what.join(' or ')}: our listings don't record it, so I can't tell you which homes have it. An agent can find out for you; would you like me to connect you?`,
  askName: 'Thanks! Could you also tell me your name, so our agent knows who to contact?',
  askContactAgain:
    "Sorry, that doesn't look like a valid phone number or email address. Could you type it again, for example 512-555-0100 or name@example.com?",
  leadRecorded: 'Thank you! Someone from our team will contact you shortly.',
  whoAmI: (name) =>
    `I'm ${name ? `${name}'s` : 'a'} virtual assistant, an AI chatbot (not a person). I can search our listings, answer questions about a home, and connect you with an agent.`,
  bye: 'Goodbye, and thanks for stopping by! Come back any time.',
  injection:
    "I can't change how I work, but I'm happy to help you with our homes: tell me a city, a budget or what you're looking for.",
  refPastEnd: (n) =>
    n
      ? `I only showed ${n} ${n === 1 ? 'listing' : 'listings'}; which one do you mean?`
      : "I haven't shown any listings yet.",
  noEarlierList: "I haven't shown any listings yet: tell me what you're looking for.",
  noMore: "That's all of them: there are no more matches.",
  moreIntro: (n) => `Here ${n === 1 ? 'is 1 more' : `are ${n} more`}:`,
  showingSorted: (n, sort) => `Here ${n === 1 ? 'is the' : `are the ${n}`} ${SORTED.en[sort] ?? 'first'}:`,
  yes: 'Yes',
  no: 'No',
  hasFeature: (f, has) => `${has ? 'Yes' : 'No'}, it ${has ? 'has' : "doesn't list"} ${FEATURES.en[f] ?? f}.`,
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'cheaper', area: 'bigger', lot: 'on the bigger lot', year: 'newer' }[by];
    return `${winner} is ${word}: ${a}, against ${b} for ${other}.`;
  },
  featureName: (f) => FEATURES.en[f] ?? f,
  typeName: typeName('en'),
  area: (min, max) =>
    min && max ? `between ${min} and ${max}` : min ? `over ${min}` : max ? `under ${max}` : undefined,
  lot: (min, max) =>
    min && max
      ? `with a lot between ${min} and ${max}`
      : min
        ? `with a lot over ${min}`
        : max
          ? `with a lot under ${max}`
          : undefined,
  year: (min, max) =>
    min && max
      ? `built ${min}–${max}`
      : min
        ? `built in ${min} or later`
        : max
          ? `built in ${max} or earlier`
          : undefined,
  hoa: (max, none) => (none ? 'no HOA' : max ? `HOA up to ${max}/month` : undefined),
};

const es: Talk = {
  fairHousing:
    'No puedo seleccionar ni orientar viviendas según la raza, el color, la religión, el origen nacional, el sexo, la discapacidad o la situación familiar: las normas de vivienda justa protegen el derecho de todos a elegir dónde vivir. Esto es lo que coincide con el resto de su búsqueda.',
  cannotAnswer: (topic) =>
    `Lo siento, no tengo información fiable sobre ${TOPICS.es[topic]}, así que no puedo responder a eso. Alguien de nuestro equipo puede ayudarle: ¿quiere que le ponga en contacto con un agente?`,
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
  showingSorted: (n, sort) => `${n === 1 ? 'Esta es la' : `Estas son las ${n}`} ${SORTED.es[sort] ?? 'primeras'}:`,
  yes: 'Sí',
  no: 'No',
  hasFeature: (f, has) => (has ? `Sí, tiene ${FEATURES.es[f] ?? f}.` : `No, no tiene ${FEATURES.es[f] ?? f}.`),
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'más barata', area: 'más grande', lot: 'la del terreno más grande', year: 'más nueva' }[by];
    return `${winner} es ${word}: ${a}, frente a ${b} de ${other}.`;
  },
  featureName: (f) => FEATURES.es[f] ?? f,
  typeName: typeName('es'),
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

const fr: Talk = {
  fairHousing:
    'Je ne peux pas sélectionner ni orienter des logements selon la race, la couleur, la religion, l’origine nationale, le sexe, le handicap ou la situation familiale : les règles du logement équitable protègent le droit de chacun de choisir où vivre. Voici ce qui correspond au reste de votre demande.',
  cannotAnswer: (topic) =>
    `Désolé, je n’ai pas d’information fiable sur ${TOPICS.fr[topic]}, je ne peux donc pas répondre. Un membre de notre équipe peut vous aider : voulez-vous que je vous mette en relation avec un agent ?`,
  cannotCheck: (what) =>
    `Désolé, je ne peux pas vérifier ${what.join(' ou ')} : nos annonces ne l’indiquent pas. Un agent peut se renseigner pour vous : voulez-vous que je vous mette en relation ?`,
  askName: 'Merci ! Pouvez-vous aussi me donner votre nom, pour que notre agent sache qui contacter ?',
  askContactAgain:
    'Désolé, cela ne ressemble pas à un numéro de téléphone ou une adresse e-mail valide. Pouvez-vous le retaper, par exemple 512-555-0100 ou nom@exemple.com ?',
  leadRecorded: 'Merci ! Un membre de notre équipe vous contactera rapidement.',
  whoAmI: (name) =>
    `Je suis l’assistant virtuel${name ? ` de ${name}` : ''}, un chatbot d’IA (pas une personne). Je peux chercher dans nos annonces, répondre à vos questions sur un logement et vous mettre en relation avec un agent.`,
  bye: 'Au revoir et merci de votre visite ! Revenez quand vous voulez.',
  injection:
    'Je ne peux pas changer ma façon de travailler, mais je vous aide volontiers avec nos logements : dites-moi une ville, un budget ou ce que vous cherchez.',
  refPastEnd: (n) =>
    n
      ? `Je n’ai montré que ${n} ${n === 1 ? 'annonce' : 'annonces'} ; laquelle voulez-vous dire ?`
      : 'Je n’ai encore montré aucune annonce.',
  noEarlierList: 'Je n’ai encore montré aucune annonce : dites-moi ce que vous cherchez.',
  noMore: 'C’est tout : il n’y a pas d’autres résultats.',
  moreIntro: (n) => (n === 1 ? 'En voici 1 de plus :' : `En voici ${n} de plus :`),
  showingSorted: (n, sort) =>
    `${n === 1 ? 'Voici le bien le' : `Voici les ${n} biens les`} ${SORTED.fr[sort] ?? 'premiers'} :`,
  yes: 'Oui',
  no: 'Non',
  hasFeature: (f, has) =>
    has ? `Oui, il y a ${FEATURES.fr[f] ?? f}.` : `Non, l’annonce n’indique pas ${FEATURES.fr[f] ?? f}.`,
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'moins cher', area: 'plus grand', lot: 'sur le plus grand terrain', year: 'plus récent' }[by];
    return `${winner} est ${word} : ${a}, contre ${b} pour ${other}.`;
  },
  featureName: (f) => FEATURES.fr[f] ?? f,
  typeName: typeName('fr'),
  area: (min, max) =>
    min && max ? `entre ${min} et ${max}` : min ? `de plus de ${min}` : max ? `de moins de ${max}` : undefined,
  lot: (min, max) =>
    min && max
      ? `avec un terrain de ${min} à ${max}`
      : min
        ? `avec un terrain de plus de ${min}`
        : max
          ? `avec un terrain de moins de ${max}`
          : undefined,
  year: (min, max) =>
    min && max
      ? `construits entre ${min} et ${max}`
      : min
        ? `construits depuis ${min}`
        : max
          ? `construits jusqu’en ${max}`
          : undefined,
  hoa: (max, none) => (none ? 'sans charges de copropriété' : max ? `avec des charges jusqu’à ${max}/mois` : undefined),
};

const pt: Talk = {
  fairHousing:
    'Não posso selecionar nem direcionar imóveis por raça, cor, religião, origem nacional, sexo, deficiência ou situação familiar: as regras de moradia justa protegem o direito de todos de escolher onde morar. Aqui está o que corresponde ao restante do seu pedido.',
  cannotAnswer: (topic) =>
    `Desculpe, não tenho informações confiáveis sobre ${TOPICS.pt[topic]}, então não posso responder. Alguém da nossa equipe pode ajudar: quer que eu o coloque em contato com um corretor?`,
  cannotCheck: (what) =>
    `Desculpe, não posso verificar ${what.join(' ou ')}: nossos anúncios não informam isso. Um corretor pode descobrir para você: quer que eu o coloque em contato?`,
  askName: 'Obrigado! Pode me dizer também o seu nome, para que nosso corretor saiba com quem falar?',
  askContactAgain:
    'Desculpe, isso não parece um telefone ou e-mail válido. Pode digitá-lo novamente, por exemplo 512-555-0100 ou nome@exemplo.com?',
  leadRecorded: 'Obrigado! Alguém da nossa equipe entrará em contato em breve.',
  whoAmI: (name) =>
    `Sou o assistente virtual${name ? ` da ${name}` : ''}, um chatbot de IA (não uma pessoa). Posso buscar nossos anúncios, responder perguntas sobre um imóvel e colocá-lo em contato com um corretor.`,
  bye: 'Tchau, e obrigado pela visita! Volte quando quiser.',
  injection:
    'Não posso mudar a forma como trabalho, mas ajudo com prazer com nossos imóveis: diga-me uma cidade, um orçamento ou o que procura.',
  refPastEnd: (n) =>
    n
      ? `Só mostrei ${n} ${n === 1 ? 'anúncio' : 'anúncios'}; a qual você se refere?`
      : 'Ainda não mostrei nenhum anúncio.',
  noEarlierList: 'Ainda não mostrei nenhum anúncio: diga-me o que procura.',
  noMore: 'Isso é tudo: não há mais resultados.',
  moreIntro: (n) => (n === 1 ? 'Aqui está mais 1:' : `Aqui estão mais ${n}:`),
  showingSorted: (n, sort) => `${n === 1 ? 'Este é o' : `Estes são os ${n}`} ${SORTED.pt[sort] ?? 'primeiros'}:`,
  yes: 'Sim',
  no: 'Não',
  hasFeature: (f, has) =>
    has ? `Sim, tem ${FEATURES.pt[f] ?? f}.` : `Não, o anúncio não indica ${FEATURES.pt[f] ?? f}.`,
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'mais barato', area: 'maior', lot: 'o do terreno maior', year: 'mais novo' }[by];
    return `${winner} é ${word}: ${a}, contra ${b} de ${other}.`;
  },
  featureName: (f) => FEATURES.pt[f] ?? f,
  typeName: typeName('pt'),
  area: (min, max) =>
    min && max ? `entre ${min} e ${max}` : min ? `com mais de ${min}` : max ? `com menos de ${max}` : undefined,
  lot: (min, max) =>
    min && max
      ? `com terreno entre ${min} e ${max}`
      : min
        ? `com terreno de mais de ${min}`
        : max
          ? `com terreno de menos de ${max}`
          : undefined,
  year: (min, max) =>
    min && max
      ? `construídos entre ${min} e ${max}`
      : min
        ? `construídos a partir de ${min}`
        : max
          ? `construídos até ${max}`
          : undefined,
  hoa: (max, none) => (none ? 'sem taxa de condomínio' : max ? `com condomínio de até ${max}/mês` : undefined),
};

const TALK: Record<Lang, Talk> = { en, es, fr, pt };

export function talkFor(lang: Lang): Talk {
  return TALK[lang];
}
