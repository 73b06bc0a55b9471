// Portuguese: every word and phrasing the builtin engine reads in Portuguese (types.ts says how).
import type { Vocabulary } from './types.ts';

const w = (s: string) => s.split(/\s+/).filter(Boolean);

export const pt = {
  settingNames: ['portuguese', 'portugues', 'pt'],
  detect: {
    words:
      w(`voce voces vc vcs tem temos aluguel alugar procuro procurando quero quais qual quantos quantas onde ola oi preco
      precos uma um os da dos das estou imovel imoveis obrigado obrigada perto meu minha seu sua gostaria pode posso tchau
      valeu bom boa tudo nao isso eu em na ao venda quartos banheiros ficam fim orcamento atraves`),
    // "ã", "õ" are Portuguese only; the others Portuguese, Spanish or French.
    marks: [
      { chars: 'ãõ', weight: 3 },
      { chars: 'âçêô', weight: 1 },
      { chars: 'áíóú', weight: 1 },
    ],
  },

  sale: ['(a )?venda'],
  rent: ['alug\\w*', 'aluguel'],
  monthly: ['ao mes', 'mensa(l|is)'],
  sold: [],
  preMarket: [],

  count: ['quant[oa]s'],
  countLead: ['quant[oa]s'],
  countFillers: w('voces voce tem temos existem ha'),
  average: ['preco medio', 'quanto custam'],
  help: [],
  yesNo: [],
  compare: [],
  or: [],
  placeBefore: [],
  human: [
    'falar com (?:um |uma |o |a |algum |alguem)?(?:corretor|corretora|atendente|humano|pessoa|agente|alguem)',
    '(?:quero|preciso de|gostaria de) (?:um |uma )?(?:corretor|corretora|atendente)',
  ],
  realEstate: ['imove(l|is)', 'imobiliari\\w*', 'quartos?', 'banheiros?', 'aluguel', 'alugar'],
  offTopic: [],

  homesPlural: [],
  homeSingular: [],
  possessive: ['meu', 'minha', 'nosso', 'nossa'],
  ownHome: ['imovel'],
  saleTypeAsked: [],
  addressed: ['voces', 'seu', 'sua', 'aceitam', 'permitem', 'cobram'],
  asksAbout: ['quanto', 'qual', 'quem'],
  freshSearch: ['procuro', 'estou procurando', 'quero', 'preciso', 'voces tem', 'tem'],
  instead: ['em vez de', 'melhor em'],
  followUpCue: [],

  greeting: {
    core: w('ola oi bom boa'),
    filler: w('dia tarde noite tudo bem como vai voce e ai'),
    phrases: ['tudo bem', 'como vai'],
  },
  thanks: {
    core: w('obrigado obrigada valeu tchau falou'),
    filler: w('isso e muito muita beleza ta so'),
    phrases: ['e so isso', 'so isso'],
  },

  notPlace: [],
  notCity:
    w(`voce voces vc tem temos quais qual quero procuro procurando estou meu minha um uma com da do dos das em na no ao os
    as imovel imoveis quartos banheiros aluguel alugar comprar venda perto mais sim nao`),
  cityArticles: [],

  numbers: { um: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10 },
  multipliers: { mil: 1e3, milhao: 1e6, milhoes: 1e6 },
  currencies: [],

  bedroom: ['quartos?', 'suites?'],
  bathroom: ['banheiros?'],
  studio: ['kitnets?', 'kitinetes?'],
  rooms: [],
  atLeast: ['pelo menos', 'no minimo'],
  exactly: [],
  atMost: ['ate', 'no maximo'],
  orMore: [],
  above: ['acima de', 'pelo menos', 'mais de'],
  below: ['ate', 'abaixo de', 'no maximo'],
  rangeStart: [],
  rangeJoin: ['e', 'ate', 'ou'],

  types: {
    sfr: ['casas? terreas?', 'sobrados?'],
    town: [],
    condo: [],
    multi: [],
    flat: [],
    apt: [],
    land: [],
    house: [],
    home: [],
  },
  negation: ['sem', 'exceto', 'nada de'],
  without: ['sem'],
  articles: ['um', 'uma'],
  features: {
    finishedBasement: ['poroes? acabados?'],
    basement: ['porao', 'poroes'],
    garage: ['garage(m|ns)'],
    pets: ['animais', '(meu|meus|com) (cachorros?|gatos?)'],
    furnished: ['mobiliad[oa]s?'],
    fireplace: ['lareiras?'],
    airConditioning: ['ar[- ]condicionado'],
    centralAir: ['ar[- ]condicionado central'],
    balcony: ['varandas?', 'sacadas?'],
    yard: ['jardim', 'quintal'],
    elevator: ['elevador(es)?'],
    gym: ['academia'],
  },
  viewAsVerbAfter: [],
  unknownFeatures: [],
  areaUnits: { feet: [], metres: ['metros quadrados'] },
  built: [],
  since: [],
  after: [],
  inYear: ['em'],
  before: [],
  newBuild: ['lancamentos?', 'na planta', 'imove(l|is) novos?'],
  hoa: [],
  hoaFree: [],
  unanswerable: {
    schools: ['escolas?'],
    crime: ['criminalidade', 'seguranca'],
    rates: ['financiamento', 'financiar', 'taxas? de juros?'],
    forecast: [
      '(bom|boa|melhor) (momento|hora|investimento) para (investir|comprar)',
      'vale a pena investir',
      'tendencias? do mercado',
      'valorizacao',
      '(melhor|bom) investimento',
    ],
    walkability: ['transporte publico'],
    listingAgent: ['corretor do vendedor'],
    insurance: ['seguro residencial'],
  },
  whoAmI: [
    '(estou falando|falo) com (um |uma )?(pessoa|humano|robo|bot|maquina)',
    '(voce|vc) e (um |uma )?(robo|bot|pessoa|humano|ia)',
    'quem e voce',
  ],
  bye: ['tchau', 'ate (logo|mais|amanha)', '(tenho|preciso) (que |de )?ir'],
  okay: [],
  dates: 'pt',
  partsOfDay: {
    morning: ['(?:de|pela|na) manha'],
    afternoon: ['(?:a|de|pela|na) tarde'],
    evening: ['(?:a|de|pela|na) noite'],
  },
  hourBefore: ['as', 'pelas', 'por volta das'],
  sorts: { DaysOnMarketAsc: ['recem (anunciad|listad)[oa]s'] },

  spelled: w('quarto quartos banheiro banheiros imovel imoveis aluguel alugar garagem'),
  notMisspelled: [],
  sameSpelled: [],
} satisfies Vocabulary;
