// What the engine says in conversation in French (i18n/talk.ts says what each text is for).
import type { Feature, Sort, TypeFamily } from '../../../../listings/index.ts';
import type { Topic } from '../../honesty.ts';
import { type Talk, typeNamer } from '../talk.ts';

const FEATURES: Partial<Record<Feature, string>> = {
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
};

const TYPES: Record<TypeFamily, string> = {
  sfr: 'maison individuelle',
  condo: 'copropriété',
  town: 'maison de ville',
  multi: 'plurifamilial',
  apt: 'appartement',
  land: 'terrain',
  other: 'autre',
};
const OR = 'ou';
const NOT = 'sauf';

const TOPICS: Record<Topic, string> = {
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
};

const SORTED: Partial<Record<Sort, string>> = {
  AreaDesc: 'plus grands',
  AreaAsc: 'plus petits',
  LotDesc: 'plus grands terrains',
  LotAsc: 'plus petits terrains',
  YearDesc: 'plus récents',
  YearAsc: 'plus anciens',
  DaysOnMarketDesc: 'plus longtemps sur le marché',
  DaysOnMarketAsc: 'plus récemment mis en vente',
};

export const talk: Talk = {
  fairHousing:
    'Je ne peux pas sélectionner ni orienter des logements selon la race, la couleur, la religion, l’origine nationale, le sexe, le handicap ou la situation familiale : les règles du logement équitable protègent le droit de chacun de choisir où vivre. Voici ce qui correspond au reste de votre demande.',
  cannotAnswer: (topic) =>
    `Désolé, je n’ai pas d’information fiable sur ${TOPICS[topic]}, je ne peux donc pas répondre. Un membre de notre équipe peut vous aider : voulez-vous que je vous mette en relation avec un agent ?`,
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
    `${n === 1 ? 'Voici le bien le' : `Voici les ${n} biens les`} ${SORTED[sort] ?? 'premiers'} :`,
  yes: 'Oui',
  no: 'Non',
  hasFeature: (f, has) =>
    has ? `Oui, il y a ${FEATURES[f] ?? f}.` : `Non, l’annonce n’indique pas ${FEATURES[f] ?? f}.`,
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'moins cher', area: 'plus grand', lot: 'sur le plus grand terrain', year: 'plus récent' }[by];
    return `${winner} est ${word} : ${a}, contre ${b} pour ${other}.`;
  },
  featureName: (f) => FEATURES[f] ?? f,
  typeName: typeNamer(TYPES, OR, NOT),
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
