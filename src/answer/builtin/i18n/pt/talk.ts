// What the engine says in conversation in Portuguese (i18n/talk.ts says what each text is for).
import type { Feature, Sort, TypeFamily } from '../../../../listings/index.ts';
import type { Topic } from '../../honesty.ts';
import { type Talk, typeNamer } from '../talk.ts';

const FEATURES: Partial<Record<Feature, string>> = {
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
};

const TYPES: Record<TypeFamily, string> = {
  sfr: 'casa térrea ou sobrado',
  condo: 'condomínio',
  town: 'casa geminada',
  multi: 'multifamiliar',
  apt: 'apartamento',
  land: 'terreno',
  other: 'outro',
};
const OR = 'ou';
const NOT = 'exceto';

const TOPICS: Record<Topic, string> = {
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
};

const SORTED: Partial<Record<Sort, string>> = {
  AreaDesc: 'maiores',
  AreaAsc: 'menores',
  LotDesc: 'com os maiores terrenos',
  LotAsc: 'com os menores terrenos',
  YearDesc: 'mais novos',
  YearAsc: 'mais antigos',
  DaysOnMarketDesc: 'há mais tempo no mercado',
  DaysOnMarketAsc: 'há menos tempo no mercado',
};

export const talk: Talk = {
  fairHousing:
    'Não posso selecionar nem direcionar imóveis por raça, cor, religião, origem nacional, sexo, deficiência ou situação familiar: as regras de moradia justa protegem o direito de todos de escolher onde morar. Aqui está o que corresponde ao restante do seu pedido.',
  cannotAnswer: (topic) =>
    `Desculpe, não tenho informações confiáveis sobre ${TOPICS[topic]}, então não posso responder. Alguém da nossa equipe pode ajudar: quer que eu o coloque em contato com um corretor?`,
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
  showingSorted: (n, sort) => `${n === 1 ? 'Este é o' : `Estes são os ${n}`} ${SORTED[sort] ?? 'primeiros'}:`,
  yes: 'Sim',
  no: 'Não',
  hasFeature: (f, has) => (has ? `Sim, tem ${FEATURES[f] ?? f}.` : `Não, o anúncio não indica ${FEATURES[f] ?? f}.`),
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'mais barato', area: 'maior', lot: 'o do terreno maior', year: 'mais novo' }[by];
    return `${winner} é ${word}: ${a}, contra ${b} de ${other}.`;
  },
  featureName: (f) => FEATURES[f] ?? f,
  typeName: typeNamer(TYPES, OR, NOT),
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
