// What a question asks of a home beyond counts and prices: property types wanted or not
// (by family, whatever each feed calls them), features wanted or not, living area, lot,
// year built, HOA, and the order a superlative asks for. On normalized text.
import type { Feature, Sort, TypeFamily } from '../../listings/index.ts';
import { findAmounts } from './numbers.ts';

export interface Wants {
  types?: TypeFamily[];
  notTypes?: TypeFamily[];
  features: Feature[];
  notFeatures: Feature[];
  minArea?: number;
  maxArea?: number;
  minYear?: number;
  maxYear?: number;
  maxHoa?: number;
  noHoa?: boolean;
  /** A superlative or an order ("cheapest", "largest", "oldest", "biggest lot"). */
  sort?: Sort;
  /** Amenities no listing field records ("solar panels", "wine cellar"). */
  unknownFeatures: string[];
}

const HOMES: TypeFamily[] = ['sfr', 'condo', 'town', 'apt', 'multi', 'other'];

/** Type words → families. Order matters: the first match of a span wins. */
const TYPE_WORDS: { re: RegExp; families: TypeFamily[] }[] = [
  {
    re: /single[- ]?famil(y|ies)|detached|unifamiliar(es)?|maisons? individuelles?|villas?|casas? terreas?|sobrados?/,
    families: ['sfr'],
  },
  { re: /town ?(house|home)s?|townhouses|row ?houses?|(casas? )?adosad[ao]s?|maisons? de ville/, families: ['town'] },
  { re: /condo(minium)?s?|condominios?|coproprietes?/, families: ['condo'] },
  {
    re: /multi[- ]?famil(y|ies)|duplex(es)?|triplex(es)?|(four|quad)plex(es)?|multifamiliar(es)?/,
    families: ['multi'],
  },
  // "Apartamento", "appartement" name any flat, a condo included; "apartment" is a rental type.
  { re: /apartamentos?|departamentos?|appartements?|pisos?/, families: ['apt', 'condo'] },
  { re: /apartments?|flats?/, families: ['apt'] },
  {
    re: /(vacant )?land|(vacant|empty|building|residential) lots?|terrenos?|terrains? (a batir|constructibles?)|terrains/,
    families: ['land'],
  },
  // "House", like "maison", is a house of one or a few families, not a flat.
  { re: /maisons?|(?<!open )houses?/, families: ['sfr', 'town', 'multi'] },
  { re: /homes?|casas?|viviendas?/, families: HOMES },
];

const NEGATION =
  /(anything but|everything but|but not|not|no|except|other than|excluding|rather than|instead of|sin|excepto|menos|pas de|pas d'|sauf|sans|sem|exceto|nada de)\s+(a |an |any |the |un |una |une |de |des |um |uma )?$/;

function typeWants(text: string): Pick<Wants, 'types' | 'notTypes'> {
  const wanted = new Set<TypeFamily>();
  const unwanted = new Set<TypeFamily>();
  let rest = text;
  for (const { re, families } of TYPE_WORDS) {
    // "homes", "casas": every type but land, unless the question names a type ("single-family homes").
    if (families === HOMES && (wanted.size || unwanted.size)) continue;
    const g = new RegExp(`\\b(${re.source})\\b`, 'g');
    for (const m of rest.matchAll(g)) {
      const before = rest.slice(Math.max(0, m.index - 24), m.index);
      const negated = NEGATION.test(before);
      // "not an apartment" leaves condos in; "an apartment" takes either.
      for (const f of families)
        if (!(negated && families.length === 2 && f === 'condo')) (negated ? unwanted : wanted).add(f);
    }
    rest = rest.replace(g, ' ');
  }
  // "homes, but not a condo": the wanted set loses what is excluded.
  for (const f of unwanted) wanted.delete(f);
  return {
    types: wanted.size && wanted.size < HOMES.length + 1 ? [...wanted] : undefined,
    notTypes: unwanted.size ? [...unwanted] : undefined,
  };
}

const FEATURE_WORDS: { re: RegExp; feature: Feature }[] = [
  {
    re: /finished basements?|basements? (is |that is )?finished|sotanos? (terminados?|acabados?)|sous-sols? amenages?|poroes? acabados?/,
    feature: 'finishedBasement',
  },
  { re: /basements?|sotanos?|sous-sols?|porao|poroes/, feature: 'basement' },
  { re: /pools?|swimming|piscinas?|piscines?|albercas?/, feature: 'pool' },
  { re: /garages?|garajes?|cocheras?|garage(m|ns)/, feature: 'garage' },
  {
    // Dogs and cats count only as a home's rule ("allows dogs", "bring my cat"), not in "a poem about cats".
    re: /pets?|pet[- ]friendly|(dog|cat)[- ]friendly|(allows?|accepts?|permits?|ok with|okay with|bring) (my |our |a )?(dogs?|cats?)|mascotas?|(mi|mis|con) (perros?|gatos?)|animaux|(mon|mes|avec) (chiens?|chats?)|animais|(meu|meus|com) (cachorros?|gatos?)/,
    feature: 'pets',
  },
  { re: /unfurnished|sin amueblar|non meubles?/, feature: 'furnished' },
  { re: /furnished|amueblad[oa]s?|meubles?|mobiliad[oa]s?/, feature: 'furnished' },
  { re: /fireplaces?|chimeneas?|cheminees?|lareiras?/, feature: 'fireplace' },
  {
    re: /waterfront|water front|lakefront|beachfront|on the water|frente al (mar|agua|lago)|bord de (l'eau|mer|lac)|front de mer/,
    feature: 'waterfront',
  },
  {
    re: /central air|central a\/c|aire acondicionado central|climatisation centrale|ar[- ]condicionado central/,
    feature: 'centralAir',
  },
  {
    re: /air condition(ing|ed)|a\/c|aire acondicionado|climatisation|climatise(e)?|ar[- ]condicionado/,
    feature: 'airConditioning',
  },
  { re: /hardwood( floors?)?|wood floors?|pisos? de madera|parquet/, feature: 'hardwood' },
  { re: /patios?|terrazas?|terrasses?/, feature: 'patio' },
  { re: /in[- ]unit (laundry|washer)|washer(\/| and )dryer|lavadora|lave-linge/, feature: 'inUnitLaundry' },
  { re: /balcon(y|ies)|balcones?|varandas?|sacadas?/, feature: 'balcony' },
  { re: /(back ?)?yards?|gardens?|jardin(es)?|jardins?|jardim|quintal/, feature: 'yard' },
  { re: /elevators?|lifts?|ascensor(es)?|ascenseurs?|elevador(es)?/, feature: 'elevator' },
  { re: /gyms?|fitness (center|room)|gimnasio|salle de sport|academia/, feature: 'gym' },
  { re: /views?|vistas?|vue/, feature: 'view' },
];
/** Said as "no X" / "without X" / "X-free": the visitor does not want it. */
const FEATURE_NEGATION = /(without|no|not|sin|sans|pas de|pas d'|sem)\s+(a |an |any |un |una |une |de |um |uma )?$/;

/** Amenities that no listing field records: the engine says it cannot check them. */
const UNKNOWN_FEATURES =
  /\b(solar( panels?)?|wine (cellar|room)|home theat(er|re)|sauna|tennis courts?|guest ?houses?|ev charg(er|ing)|smart home|home office|hot tub|jacuzzi|rooftop( deck| terrace)?|gated communit(y|ies)|paneles solares|bodega de vinos|cave a vin|panneaux solaires)\b/g;

function featureWants(text: string): Pick<Wants, 'features' | 'notFeatures'> {
  const features = new Set<Feature>();
  const notFeatures = new Set<Feature>();
  let rest = text;
  for (const { re, feature } of FEATURE_WORDS) {
    const g = new RegExp(`\\b(${re.source})\\b`, 'g');
    for (const m of rest.matchAll(g)) {
      const before = rest.slice(Math.max(0, m.index - 14), m.index);
      const negative = FEATURE_NEGATION.test(before) || /^(unfurnished|sin amueblar|non meuble)/.test(m[0]);
      // "a view", but not "to view" or "can I view".
      if (feature === 'view' && /\b(to|can i|could i|i|we|and)\s+$/.test(before)) continue;
      (negative ? notFeatures : features).add(feature);
    }
    rest = rest.replace(g, ' ');
  }
  // "with a finished basement" also has a basement: asking both says nothing more.
  if (features.has('finishedBasement')) features.delete('basement');
  return { features: [...features], notFeatures: [...notFeatures] };
}

const AREA_UNIT =
  '(sq\\.? ?ft|square (feet|foot)|sqft|sf|ft2|ft²|pies cuadrados|m2|m²|metres carres|metros cuadrados|metros quadrados)';
/** Square metres: converted to the square feet listings are measured in. */
const METRES_RE = /^(m2|m²|metres carres|metros cuadrados|metros quadrados)$/;
const SQ_FT_PER_M2 = 10.7639;
const ABOVE =
  '(over|above|more than|at least|bigger than|larger than|minimum|min|mas de|plus de|au moins|minimo|acima de|pelo menos|mais de)';
const BELOW =
  '(under|below|less than|at most|smaller than|up to|maximum|max|menos de|moins de|maximo|hasta|pas plus de|ate|abaixo de|no maximo)';
/** "from 1,500 to 1,900", "entre 100 y 150": the two bounds of an area. */
const RANGE_START = '(?:between|from|entre|de|desde)';
const RANGE_JOIN = '(?:and|to|-|–|y|a|et|e|hasta|ate)';
/**
 * An area's number ("1,850", "2 000", "92.5"): it starts where a number starts and is at most
 * 14 characters, so that a run of digits and spaces is read once, not once per digit
 * (unbounded, 10,000 digits took a second). The text has single spaces (parse.ts).
 */
const AREA_NUMBER = '(?<![\\d,.])\\d(?:[\\d,. ]{0,12}\\d)?';

const AREA_RANGE_RE = new RegExp(
  `\\b${RANGE_START}\\s*(${AREA_NUMBER})\\s?${RANGE_JOIN}\\s?(${AREA_NUMBER})\\s?${AREA_UNIT}`,
  'g',
);
const AREA_RE = new RegExp(`(?:${ABOVE}|${BELOW})?\\s*(${AREA_NUMBER})\\s?\\+?\\s?${AREA_UNIT}`, 'g');

function areaWants(text: string): Pick<Wants, 'minArea' | 'maxArea'> {
  const out: Pick<Wants, 'minArea' | 'maxArea'> = {};
  const feet = (n: string | undefined, unit: string | undefined) => {
    const value = findAmounts(n ?? '')[0]?.value;
    if (value === undefined) return undefined;
    return METRES_RE.test(unit ?? '') ? Math.round(value * SQ_FT_PER_M2) : value;
  };
  for (const m of text.matchAll(AREA_RANGE_RE)) {
    const low = feet(m[1], m[3]);
    const high = feet(m[2], m[3]);
    if (low === undefined || high === undefined) continue;
    out.minArea = Math.min(low, high);
    out.maxArea = Math.max(low, high);
    return out;
  }
  for (const m of text.matchAll(AREA_RE)) {
    const value = feet(m[3], m[4]);
    if (value === undefined) continue;
    if (m[2]) out.maxArea = value;
    else out.minArea = value;
  }
  return out;
}

const NEW_BUILD_RE =
  /\bnew(ly)?[- ](construction|built|build)s?\b|\bbrand[- ]new (homes?|houses?|condos?|builds?)\b|\bobra nueva\b|\b(casas?|viviendas?) a estrenar\b|\bconstructions? neuves?\b|\blogements? neufs?\b|\blancamentos?\b|\bna planta\b|\bimove(l|is) novos?\b/;
const NEW_BUILD_YEARS = 2;

function yearWants(text: string): Pick<Wants, 'minYear' | 'maxYear'> {
  const since =
    /\b(built |construid[ao]s? |construit(e|es|s)? )?(since|after|in or after|from|newer than|desde|despues de|depuis|apres)\s+((19|20)\d\d)\b/.exec(
      text,
    );
  const before =
    /\b(built |construid[ao]s? |construit(e|es|s)? )?(before|prior to|older than|antes de|avant)\s+((19|20)\d\d)\b/.exec(
      text,
    );
  const out: Pick<Wants, 'minYear' | 'maxYear'> = {};
  if (since?.[4]) out.minYear = Number(since[4]) + (/after|newer than|despues|apres/.test(since[3] ?? '') ? 1 : 0);
  if (before?.[4]) out.maxYear = Number(before[4]) - 1;
  // "New construction", "obra nueva", "construction neuve", "lançamento": built in the last two years.
  if (out.minYear === undefined && NEW_BUILD_RE.test(text)) out.minYear = new Date().getUTCFullYear() - NEW_BUILD_YEARS;
  return out;
}

function hoaWants(text: string): Pick<Wants, 'maxHoa' | 'noHoa'> {
  if (
    /\b(no|without|zero|sin|sans|pas de)\s+(an? )?(hoa|h\.o\.a\.|homeowners? association|cuota de hoa|frais de copropriete)\b|\bhoa[- ]free\b/.test(
      text,
    )
  ) {
    return { noHoa: true };
  }
  const m = new RegExp(`\\bhoa( fees?| dues)?\\s*(of\\s*)?${BELOW}\\s*\\$?\\s*([\\d,.]+)`).exec(text);
  const value = m?.[4] ? findAmounts(m[4])[0]?.value : undefined;
  return value === undefined ? {} : { maxHoa: value };
}

const SORTS: { re: RegExp; sort: Sort }[] = [
  {
    re: /\b(biggest|largest|most|bigger|larger) (lot|yard|land)\b|\bmost land\b|\bterreno mas grande\b|\bplus grand terrain\b/,
    sort: 'LotDesc',
  },
  { re: /\bsmallest (lot|yard)\b/, sort: 'LotAsc' },
  {
    re: /\bnewest (construction|build|home|house)s?\b|\bmost recently built\b|\bnewest\b(?! listing)|\bnewer\b|\bmas nuev[oa]s?\b|\bplus recente?s?\b/,
    sort: 'YearDesc',
  },
  { re: /\boldest\b|\bolder\b|\bmas antigu[oa]s?\b|\bplus ancien(ne)?s?\b/, sort: 'YearAsc' },
  {
    re: /\b(largest|biggest|most (space|square feet|living space)|bigger|larger)\b|\bmas grandes?\b|\bplus grand(e|es|s)?\b/,
    sort: 'AreaDesc',
  },
  { re: /\bsmallest\b|\bmas pequen[oa]s?\b|\bplus petit(e|es|s)?\b/, sort: 'AreaAsc' },
  { re: /\blongest on (the )?market\b|\bmost days on (the )?market\b/, sort: 'DaysOnMarketDesc' },
  {
    re: /\b(just|newly|recently|new(ly)?) listed\b|\bnew (listings|on the market)\b|\brecien (publicad|listad)[oa]s\b|\bnouvelles annonces\b|\bnouveaute?s?\b|\brecem (anunciad|listad)[oa]s\b/,
    sort: 'DaysOnMarketAsc',
  },
  {
    re: /\b(cheapest|cheaper|least expensive|lowest[- ](priced?|rent|price)|most affordable|more affordable|lower (rent|price)|less (pricey|expensive|costly))\b|\bmas barat[oa]s?\b|\bmas economic[oa]s?\b|\bmoins cher(e|es|s)?\b/,
    sort: 'PriceAsc',
  },
  {
    re: /\b(most expensive|priciest|highest[- ](priced?|rent|price)|(sold|sell|sells|selling) for the most|pricier|more expensive)\b|\bmas car[oa]s?\b|\bplus cher(e|es|s)?\b/,
    sort: 'PriceDesc',
  },
];

export function wantsOf(text: string): Wants {
  const unknownFeatures = [...text.matchAll(UNKNOWN_FEATURES)].map((m) => m[0]);
  const sort = SORTS.find((s) => s.re.test(text))?.sort;
  return {
    ...typeWants(text),
    ...featureWants(text.replace(UNKNOWN_FEATURES, ' ')),
    ...areaWants(text),
    ...yearWants(text),
    ...hoaWants(text),
    sort,
    unknownFeatures,
  };
}

/** The text without the phrases wantsOf read numbers from, so that prices do not see them. */
export function blankWants(text: string): string {
  return text
    .replace(
      new RegExp(
        `(?<!\\b(no|without|zero|sin|sans) )\\bhoa( fees?| dues)?\\s*(of\\s*)?${BELOW}\\s*\\$?\\s*[\\d,.]+k?`,
        'g',
      ),
      ' ',
    )
    .replace(AREA_RANGE_RE, ' ')
    .replace(new RegExp(`(?:${ABOVE}|${BELOW})?\\s*${AREA_NUMBER}\\s?\\+?\\s?${AREA_UNIT}`, 'g'), ' ')
    .replace(
      /\b(built |construid[ao]s? |construit(e|es|s)? )?(since|after|in or after|from|newer than|desde|despues de|depuis|apres|before|prior to|older than|antes de|avant)\s+(19|20)\d\d\b/g,
      ' ',
    )
    .replace(/\bbuilt in (19|20)\d\d\b/g, ' ');
}
