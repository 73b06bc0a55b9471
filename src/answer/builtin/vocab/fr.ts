// French: every word and phrasing the builtin engine reads in French (types.ts says how).
import type { Vocabulary } from './types.ts';

const w = (s: string) => s.split(/\s+/).filter(Boolean);

export const fr = {
  settingNames: ['french', 'francais', 'fr'],
  detect: {
    words:
      w(`vous avez des maison maisons vendre louer location chambres chambre moins je cherche combien bonjour une les est
      quel quelle quels ou appartement appartements avec pour prix salut merci acheter piscine mois au aux du et il sont
      montrez-moi montrez trouver biens bien logement vendues vendus coucou bonsoir nuit`),
    // "à", "è", "œ"… are French only; "â", "ç", "ê", "ô" French or Portuguese.
    marks: [
      { chars: 'àèëîïùûœ', weight: 2 },
      { chars: 'âçêô', weight: 1 },
    ],
  },

  sale: ['a vendre', 'vente', 'acheter', 'achat'],
  // "location" means a rental only in French (parse.ts reads it so only in French).
  rent: ['louer', 'a louer', 'loyers?', 'locations?(?= |$|[?.!,])'],
  monthly: ['par mois', '\\/ ?mois', 'mensuel(le)?s?'],
  sold: ['ventes recentes', 'vendu(e)?s?'],
  preMarket: ['bientot disponibles?'],

  count: ["combien (?:des?|d'|y a)", 'nombre de'],
  countLead: ["combien d(?:e |')", "nombre d(?:e |')"],
  countFillers: w('de du des en a et le la les une ont sont avez vous il'),
  average: ['moyen(ne)?', 'combien coutent'],
  help: ['aide', 'que pouvez-vous faire', 'que peux-tu faire'],
  yesNo: ['y a-t-il', 'est-ce', 'a-t-il', 'a-t-elle', 'peut-on', 'puis-je', 'les animaux'],
  compare: ['lequel (est|a)', 'laquelle (est|a)'],
  or: ['ou'],
  placeBefore: ['à', 'près de'],
  human: [
    'parler (a|avec)',
    // "un agent" only when wanted ("je voudrais un agent", or alone): "une visite avec un agent" is about one.
    '(?:^|\\b(?:veux|voudrais|prefere|besoin d|contacter|joindre|aimerais) )(?:un|une) (?:agent|conseiller|humain|personne)',
  ],
  realEstate: [
    'maisons?',
    'appartement\\w*',
    'logement\\w*',
    'biens',
    'immobili\\w*',
    'louer',
    'vendre',
    'chambres?',
    'prix',
    'loyer\\w*',
    'vendu\\w*',
  ],
  offTopic: ['meteo', 'poemes?', 'blagues?', 'pret immobilier', 'ecoles?'],

  homesPlural: ['maisons', 'biens', 'logements', 'appartements'],
  homeSingular: ['maison', 'bien', 'logement', 'appartement'],
  possessive: ['ma', 'notre'],
  ownHome: ['maison', 'propriete'],
  saleTypeAsked: ['a vendre', 'a louer'],
  addressed: ['vous', 'votre', 'vos', 'acceptez'],
  asksAbout: ['combien', 'quel', 'quelle', 'qui', 'pourquoi'],
  freshSearch: ['je cherche', 'je voudrais', 'je veux', 'avez-vous', 'vous avez', 'y a-t-il', 'montrez'],
  instead: ['plutot', 'au lieu de'],
  followUpCue: ['et', 'avec', 'sans', 'seulement'],

  greeting: {
    core: w('bonjour bonsoir salut coucou'),
    filler: w('ca va comment allez vous tu et'),
    phrases: ['ca va', 'comment allez'],
  },
  thanks: {
    core: w('merci revoir'),
    filler: w("beaucoup au bien parfait c'est tout bonsoir bonne soiree journee"),
    phrases: ["c'est tout"],
  },

  notPlace: w('janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre'),
  notCity:
    w(`vous avez des maison maisons a vendre louer chambres moins je cherche combien une les le du et ou est au aux pour
    avec prix`),
  cityArticles: ['le', 'les', 'saint'],

  numbers: { une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10 },
  multipliers: { mille: 1e3, million: 1e6, millions: 1e6 },
  currencies: [],

  bedroom: ['chambres?'],
  bathroom: ['salles? de bains?', "salles? d'eau"],
  studio: ['garconnieres?'],
  rooms: [],
  atLeast: ['au moins', 'au minimum', 'mini'],
  exactly: ['exactement', 'seulement'],
  atMost: ['au plus', "jusqu'a"],
  orMore: ['ou plus', 'et plus'],
  above: ['plus de', 'au moins'],
  below: ['moins de', 'pas plus de'],
  rangeStart: ['entre', 'de'],
  rangeJoin: ['et', 'a', 'ou'],

  types: {
    sfr: ['maisons? individuelles?'],
    town: ['maisons? de ville'],
    condo: ['coproprietes?'],
    multi: [],
    flat: ['appartements?'],
    apt: [],
    land: ['terrains? (a batir|constructibles?)', 'terrains'],
    // "Maison", like "house", is a house of one or a few families, not a flat.
    house: ['maisons?'],
    home: [],
  },
  negation: ['pas de', "pas d'", 'sauf', 'sans'],
  without: ['sans', 'pas de', "pas d'"],
  articles: ['un', 'une', 'de', 'des'],
  features: {
    finishedBasement: ['sous-sols? amenages?'],
    basement: ['sous-sols?'],
    pool: ['piscines?'],
    pets: ['animaux', '(mon|mes|avec) (chiens?|chats?)'],
    unfurnished: ['non meubles?'],
    furnished: ['meubles?'],
    fireplace: ['cheminees?'],
    waterfront: ["bord de (l'eau|mer|lac)", 'front de mer'],
    centralAir: ['climatisation centrale'],
    airConditioning: ['climatisation', 'climatise(e)?'],
    hardwood: ['parquet'],
    patio: ['terrasses?'],
    inUnitLaundry: ['lave-linge'],
    yard: ['jardins?'],
    elevator: ['ascenseurs?'],
    gym: ['salle de sport'],
    view: ['vue'],
  },
  viewAsVerbAfter: [],
  unknownFeatures: ['cave a vin', 'panneaux solaires'],
  areaUnits: { feet: [], metres: ['metres carres'] },
  built: ['construit(e|es|s)?'],
  since: ['depuis'],
  after: ['apres'],
  inYear: ['en'],
  before: ['avant'],
  newBuild: ['constructions? neuves?', 'logements? neufs?'],
  hoa: ['frais de copropriete'],
  hoaFree: [],
  unanswerable: {
    schools: ['ecoles?', 'lycees?'],
    crime: ['criminalite', 'securite du quartier'],
    commute: ['trajet'],
    taxes: ['impots?', 'taxe fonciere'],
    rates: ["taux d'interet", 'pret immobilier', 'credit immobilier'],
    flood: ['inondations?', 'zones? inondables?'],
    forecast: ['les prix vont', 'dois-je acheter', 'tendances? du marche', 'meilleur investissement'],
    walkability: ['a pied', 'transports? en commun'],
    listingAgent: ['agent du vendeur'],
    insurance: ['assurance habitation'],
  },
  whoAmI: [
    'qui etes[- ]vous',
    'qui es[- ]tu',
    'etes[- ]vous (un )?(robot|humain|bot)',
    'es[- ]tu (un )?(robot|humain|bot)',
    '(je parle|parle[- ]je) (a|avec) (un )?(vrai )?(humain|robot|bot|machine)',
  ],
  bye: ['au revoir', 'a bientot', 'bonne (journee|soiree|nuit)', 'je dois (y aller|partir|filer)'],
  okay: [],
  dates: 'fr',
  partsOfDay: {
    morning: ['matin', 'matinee'],
    afternoon: ['apres-midi'],
    evening: ['soir', 'soiree'],
  },
  hourBefore: ['vers'],
  sorts: {
    LotDesc: ['plus grand terrain'],
    YearDesc: ['plus recente?s?'],
    YearAsc: ['plus ancien(ne)?s?'],
    AreaDesc: ['plus grand(e|es|s)?'],
    AreaAsc: ['plus petit(e|es|s)?'],
    DaysOnMarketAsc: ['nouvelles annonces', 'nouveaute?s?'],
    PriceAsc: ['moins cher(e|es|s)?'],
    PriceDesc: ['plus cher(e|es|s)?'],
  },

  spelled: w('chambres maison maisons appartement appartements location vendre louer piscine cheminee'),
  notMisspelled: [],
  sameSpelled: [],
} satisfies Vocabulary;
