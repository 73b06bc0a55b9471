// The words listings use for their features, in English, Spanish and French. Every pattern
// runs on normalized text (normalizeText: lower case, no accents, hyphens, slashes and
// apostrophes as spaces), so "Piscine privée", "in-ground" and "A/C" read as "piscine
// privee", "in ground" and "a c".
import type { Feature } from './filter.ts';

export function normalizeText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/n['’]t(?![\p{L}\p{N}])/gu, ' not')
    .replace(/['’‘`´\-‐–_/\\]+/g, ' ')
    .replace(/[ \t\u00a0]+/g, ' ');
}

/**
 * Whole words only: no alternative may touch a letter or digit on either side, so that
 * "3117 Poole Rd" holds no pool and "carpool" no pool either.
 */
function words(...alternatives: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
}

export interface FeatureWords {
  /** Mentions that say yes unless a negation governs them ("no pool", "sin piscina"). */
  yes: RegExp;
  /** Mentions that say no by themselves ("unfurnished", "sin amueblar"). */
  no?: RegExp;
}

const VIEW_OF =
  'mountains?|city|water|lake|ocean|river|bay|skyline|park|golf|sea|valley|downtown|harbou?r|gulf|beach|canyon';
const CENTRAL_AIR = [
  'central (?:air|a c|cooling)(?: conditioning)?',
  'central (?:heat|heating)(?: and| &)? (?:air|a c|cooling)',
  'aire acondicionado central',
  'climatisation centrale',
];

export const FEATURE_WORDS: Record<Feature, FeatureWords> = {
  pool: {
    yes: words(
      '(?<!car )(?:swimming |plunge |lap )?pools?(?! (?:tables?|cues?|hall))',
      'piscinas?',
      'piscines?',
      'albercas?',
    ),
  },
  garage: { yes: words('garages?(?! sales?)', 'garajes?', 'cocheras?') },
  pets: {
    yes: words(
      'pets? friendly',
      'pets? (?:are |is )?(?:welcome|allowed|ok|okay|permitted|considered|accepted)',
      '(?:dogs?|cats?)(?: (?:and|&|or) (?:dogs?|cats?))? (?:are |is )?(?:welcome|allowed|ok|okay|permitted|accepted)',
      '(?:se )?(?:aceptan|admiten|permiten) (?:las )?mascotas',
      'mascotas (?:bienvenidas|permitidas|aceptadas|admitidas)',
      'acepta(?:mos)? mascotas',
      'apto (?:para )?mascotas',
      'animaux (?:de compagnie )?(?:acceptes|admis|bienvenus|autorises|permis)',
      'accepte(?:nt)? les animaux',
      'chiens? (?:et chats? )?acceptes',
    ),
    no: words(
      'no (?:pets?|dogs?|cats?|animals?|mascotas|animales)',
      'pets? (?:are |is )?not (?:allowed|permitted|accepted)',
      'sin mascotas',
      'mascotas no (?:permitidas|admitidas|aceptadas)',
      'animaux (?:non (?:acceptes|admis|autorises)|interdits)',
      'pas d animaux',
      'aucun animal',
      'sans animaux',
    ),
  },
  furnished: {
    yes: words(
      '(?:fully |partially |partly |semi |completely )?furnished',
      'amueblad[oa]s?',
      'amoblad[oa]s?',
      'con muebles',
      // "meuble(s) de cuisine" is furniture, not furnished.
      'meublee?s?(?! (?:de|d|en|sur))',
    ),
    no: words(
      'unfurnished',
      'sin (?:amueblar|muebles)',
      'desamueblad[oa]s?',
      'non meublee?s?',
      '(?:loue|louee|location) vide',
      'sans meubles',
    ),
  },
  basement: { yes: words('basements?', 'sotanos?', 'sous sols?') },
  finishedBasement: {
    yes: words(
      '(?:fully |partially |partly )?finished (?:walk ?out |daylight )?basements?',
      'basements? (?:is |are )?(?:fully |partially |partly )?finished',
      'sotanos? (?:terminad|acabad|habilitad|acondicionad|reformad)[oa]s?',
      'sous sols? (?:amenages?|finis?|renoves?)',
    ),
    no: words(
      'unfinished (?:walk ?out |daylight )?basements?',
      'basements? (?:is |are )?unfinished',
      'sotanos? (?:sin (?:terminar|acabar)|no terminados?)',
      'sous sols? (?:non (?:amenages?|finis?)|bruts?)',
    ),
  },
  fireplace: { yes: words('fireplaces?', 'chimeneas?', 'cheminees?') },
  waterfront: {
    yes: words(
      'water ?front(?:age)?',
      '(?:lake|ocean|beach|river|bay|canal|gulf|creek) ?front(?:age)?',
      'on the (?:water|lake|river|bay)',
      'frente al (?:agua|mar|lago|rio)',
      'a orillas del (?:mar|lago|rio)',
      'primera linea de (?:mar|playa)',
      'au bord de (?:l eau|la mer|la riviere|du lac|lac)',
      'bord de (?:mer|lac)',
      'front de mer',
      'pieds dans l eau',
    ),
  },
  view: {
    yes: words(
      `(?:${VIEW_OF}|golf course|panoramic|sweeping|stunning|scenic|sunset|sunrise|treetop|forest|wooded) views?`,
      `views? (?:of|over|to|across) (?:the )?(?:${VIEW_OF})`,
      'vistas? (?:al|a la|a los|a las|panoramicas?|espectaculares|de la ciudad|de las montanas|del mar|del lago)',
      'vue (?:sur|panoramique|degagee|imprenable|mer|lac|montagne)',
    ),
  },
  centralAir: { yes: words(...CENTRAL_AIR) },
  airConditioning: {
    yes: words(
      ...CENTRAL_AIR,
      'air condition(?:ing|ed|er|ers)?',
      'a c(?! (?:lots?|acres?))',
      'ac (?:units?|systems?)',
      'mini splits?',
      'ductless',
      'aire acondicionado',
      'climatisation',
      'climatisee?s?',
    ),
  },
  inUnitLaundry: {
    yes: words(
      'in (?:unit|suite) (?:laundry|washers?|w ?d)',
      'laundry (?:in|inside) (?:the )?(?:unit|apartment|home|condo)',
      '(?:washer|w) (?:and |& |\\+ )?(?:dryer|d) (?:in (?:the )?unit|included)',
      'lavadora (?:y )?secadora',
      'lave linge',
      'laveuse (?:et )?secheuse',
      'machine a laver',
    ),
  },
  yard: {
    yes: words(
      '(?:back|front|side) ?yards?',
      'yards?(?! (?:from|away|to))',
      'gardens?(?! (?:tubs?|level|apartments?|style|windows?|units?|homes?|district))',
      'jardin(?:s|es)?',
      'patio (?:trasero|cercado)',
    ),
  },
  balcony: { yes: words('balcon(?:y|ies|es|s)?') },
  elevator: { yes: words('elevators?', 'ascensor(?:es)?', 'ascenseurs?') },
  gym: {
    yes: words(
      'gyms?',
      'fitness (?:center|centre|room|studio|facility|facilities)s?',
      'exercise room',
      'gimnasios?',
      'salle (?:de sport|de gym|de fitness|de musculation)',
    ),
  },
  solar: {
    yes: words(
      'solar (?:panels?|power(?:ed)?|systems?|arrays?|energy|electric|pv|photovoltaics?|roof|shingles|water heater)',
      '(?:owned|leased|paid off) solar',
      '(?:paneles|placas) solares',
      'energia solar',
      'panneaux solaires',
      'energie solaire',
      'photovoltai\\p{L}*',
      'fotovoltai\\p{L}*',
    ),
  },
  hardwood: {
    yes: words(
      'hardwoods?(?: floors?| flooring)?',
      '(?:solid |engineered )?wood (?:floors?|flooring)',
      'pisos? de madera',
      'suelos? de (?:madera|parquet)',
      'parquets?',
      'planchers? (?:de |en )?bois(?: franc)?',
      'bois franc',
    ),
  },
  patio: { yes: words('patios?', 'decks?', 'terraces?', 'terrazas?', 'terrasses?', 'lanais?') },
};

/** Words that turn a following mention into a no: "no pool", "sin piscina", "pas de piscine". */
export const NEGATORS = new Set([
  'no',
  'not',
  'without',
  'none',
  'never',
  'nor',
  'lacks',
  'lacking',
  'except',
  'excluding',
  'sin',
  'ni',
  'nunca',
  'ningun',
  'ninguna',
  'excepto',
  'sans',
  'non',
  'pas',
  'aucun',
  'aucune',
  'jamais',
  'sauf',
]);

/** Words that end a negation's reach: "no HOA and a pool", "no pool but a yard". */
export const SCOPE_BREAKS = new Set([
  'and',
  'but',
  'with',
  'plus',
  'also',
  'however',
  'though',
  'although',
  'yet',
  'y',
  'pero',
  'con',
  'sino',
  'tambien',
  'et',
  'mais',
  'avec',
  'aussi',
]);

/** A negation written after the mention: "pets not allowed", "garage: none". */
export const NEGATED_AFTER =
  /^\s*(?::\s*)?(?:(?:is|are) )?(?:not (?:allowed|permitted|accepted|included|available)|none(?![\p{L}\p{N}])|prohibited|forbidden|no (?:permitid|admitid|aceptad|incluid|disponible)\p{L}*|non (?:accept|admis|autoris|inclu|disponible)\p{L}*|interdit\p{L}*)/u;
