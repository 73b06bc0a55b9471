// What a question asks of a home beyond counts and prices: property types wanted or not
// (by family, whatever each feed calls them), features wanted or not, living area, lot,
// year built, HOA, and the order a superlative asks for. On normalized text.
import type { Feature, Sort, TypeFamily } from '../../listings/index.ts';
import { landInNumbers } from './land.ts';
import { findAmounts } from './numbers.ts';
import { alternation, conceptRe, phrasesOf } from './vocab/index.ts';
import { type FeatureWord, HOME_FAMILIES, PROPERTY_FAMILIES } from './vocab/parts.ts';

export interface Wants {
  types?: TypeFamily[];
  /** The types wanted if the search is for rent, when that is fewer ("apartments": Apartment only). */
  rentedTypes?: TypeFamily[];
  notTypes?: TypeFamily[];
  features: Feature[];
  notFeatures: Feature[];
  minArea?: number;
  maxArea?: number;
  /** The lot's bounds, in square feet ("a lot over 10,000 sq ft", "at least 1 acre"). */
  minLot?: number;
  maxLot?: number;
  minYear?: number;
  maxYear?: number;
  maxHoa?: number;
  noHoa?: boolean;
  /** A superlative or an order ("cheapest", "largest", "oldest", "biggest lot"). */
  sort?: Sort;
  /** Amenities no listing field records ("solar panels", "wine cellar"). */
  unknownFeatures: string[];
}

const HOMES = HOME_FAMILIES;
const TYPE_WORDS = PROPERTY_FAMILIES.map(({ word, families, rented }) => ({
  families,
  rented: rented ?? families,
  re: conceptRe((v) => v.types[word], 'g'),
}));

const ARTICLES = alternation((v) => v.articles);
const NEGATION = new RegExp(`${alternation((v) => v.negation)}\\s+(?:${ARTICLES} )?$`);

function typeWants(text: string): Pick<Wants, 'types' | 'rentedTypes' | 'notTypes'> {
  const wanted = new Set<TypeFamily>();
  const rentedWanted = new Set<TypeFamily>();
  const unwanted = new Set<TypeFamily>();
  let rest = text;
  for (const { re, families, rented } of TYPE_WORDS) {
    // "homes", "casas": every type but land, unless the question names a type ("single-family homes").
    if (families === HOMES && (wanted.size || unwanted.size)) continue;
    for (const m of rest.matchAll(re)) {
      const before = rest.slice(Math.max(0, m.index - 24), m.index);
      const negated = NEGATION.test(before);
      // "not an apartment" leaves condos in; "an apartment" takes either.
      for (const f of families)
        if (!(negated && families.length === 2 && f === 'condo')) (negated ? unwanted : wanted).add(f);
      if (!negated) for (const f of rented) rentedWanted.add(f);
    }
    rest = rest.replace(re, ' ');
  }
  // "homes, but not a condo": the wanted set loses what is excluded.
  for (const f of unwanted) {
    wanted.delete(f);
    rentedWanted.delete(f);
  }
  const types = wanted.size && wanted.size < HOMES.length + 1 ? [...wanted] : undefined;
  return {
    types,
    rentedTypes: types && rentedWanted.size < wanted.size ? [...rentedWanted] : undefined,
    notTypes: unwanted.size ? [...unwanted] : undefined,
  };
}

/** Features in the order they are read: each match is blanked before the next ("finished basement" before "basement"). */
const FEATURE_ORDER: FeatureWord[] = [
  'finishedBasement',
  'basement',
  'pool',
  'garage',
  'pets',
  'unfurnished',
  'furnished',
  'fireplace',
  'waterfront',
  'centralAir',
  'airConditioning',
  'hardwood',
  'patio',
  'inUnitLaundry',
  'balcony',
  'yard',
  'elevator',
  'gym',
  'view',
];
const FEATURE_WORDS = FEATURE_ORDER.map((word) => ({
  word,
  feature: (word === 'unfurnished' ? 'furnished' : word) as Feature,
  re: conceptRe((v) => v.features[word], 'g'),
}));
/** Said as "no X" / "without X": the visitor does not want it. */
const FEATURE_NEGATION = new RegExp(`${alternation((v) => v.without)}\\s+(?:${ARTICLES} )?$`);
/** "to view", "can I view": a verb, not a view. */
const VIEW_AS_VERB = new RegExp(`\\b${alternation((v) => v.viewAsVerbAfter)}\\s+$`);

/** Amenities that no listing field records: the engine says it cannot check them. */
const UNKNOWN_FEATURES = conceptRe((v) => v.unknownFeatures, 'g');

function featureWants(text: string): Pick<Wants, 'features' | 'notFeatures'> {
  const features = new Set<Feature>();
  const notFeatures = new Set<Feature>();
  let rest = text;
  for (const { word, re, feature } of FEATURE_WORDS) {
    for (const m of rest.matchAll(re)) {
      const before = rest.slice(Math.max(0, m.index - 14), m.index);
      const negative = FEATURE_NEGATION.test(before) || word === 'unfurnished';
      // "a view", but not "to view" or "can I view".
      if (feature === 'view' && VIEW_AS_VERB.test(before)) continue;
      (negative ? notFeatures : features).add(feature);
    }
    rest = rest.replace(re, ' ');
  }
  // "with a finished basement" also has a basement: asking both says nothing more.
  if (features.has('finishedBasement')) features.delete('basement');
  return { features: [...features], notFeatures: [...notFeatures] };
}

const FEET = phrasesOf((v) => v.areaUnits.feet);
const METRES = phrasesOf((v) => v.areaUnits.metres);
const ACRES = phrasesOf((v) => v.areaUnits.acres);
const HECTARES = phrasesOf((v) => v.areaUnits.hectares);
const AREA_UNIT = `(${[...FEET, ...METRES, ...ACRES, ...HECTARES].join('|')})`;
/** Square metres, acres and hectares: converted to the square feet listings are measured in. */
const METRES_RE = new RegExp(`^(?:${METRES.join('|')})$`);
const ACRES_RE = new RegExp(`^(?:${ACRES.join('|')})$`);
const HECTARES_RE = new RegExp(`^(?:${HECTARES.join('|')})$`);
const SQ_FT_PER_M2 = 10.7639;
const SQ_FT_PER_ACRE = 43_560;
const SQ_FT_PER_HECTARE = 107_639;
/** A word for the lot just before an area: the area is the lot's ("a lot over 10,000 sq ft"). */
const LOT_WORD = alternation((v) => v.areaUnits.lot);
const LOT_BEFORE_RE = new RegExp(`\\b${LOT_WORD}\\b[^\\d]{0,24}$`);
const ABOVE = `(${phrasesOf((v) => v.above).join('|')})`;
const BELOW = `(${phrasesOf((v) => v.below).join('|')})`;
/** "from 1,500 to 1,900", "entre 100 y 150": the two bounds of an area. */
const RANGE_START = alternation((v) => v.rangeStart);
const RANGE_JOIN = `(?:-|–|${alternation((v) => v.rangeJoin)})`;
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
/** "casas con terreno de más de 1000 m2": the word for the lot of a bound names no type of property. */
const LOT_BOUND_RE = new RegExp(`\\b${LOT_WORD}\\b(?=[^\\d]{0,24}${AREA_NUMBER}\\s?\\+?\\s?${AREA_UNIT})`, 'g');

type AreaWants = Pick<Wants, 'minArea' | 'maxArea' | 'minLot' | 'maxLot'>;

function areaWants(text: string): AreaWants {
  const out: AreaWants = {};
  const feet = (n: string | undefined, unit: string | undefined) => {
    const value = findAmounts(n ?? '')[0]?.value;
    if (value === undefined) return undefined;
    if (ACRES_RE.test(unit ?? '')) return Math.round(value * SQ_FT_PER_ACRE);
    if (HECTARES_RE.test(unit ?? '')) return Math.round(value * SQ_FT_PER_HECTARE);
    return METRES_RE.test(unit ?? '') ? Math.round(value * SQ_FT_PER_M2) : value;
  };
  const ofLot = (index: number, unit: string | undefined) =>
    ACRES_RE.test(unit ?? '') ||
    HECTARES_RE.test(unit ?? '') ||
    LOT_BEFORE_RE.test(text.slice(Math.max(0, index - 40), index));
  for (const m of text.matchAll(AREA_RANGE_RE)) {
    const low = feet(m[1], m[3]);
    const high = feet(m[2], m[3]);
    if (low === undefined || high === undefined) continue;
    const lot = ofLot(m.index, m[3]);
    out[lot ? 'minLot' : 'minArea'] = Math.min(low, high);
    out[lot ? 'maxLot' : 'maxArea'] = Math.max(low, high);
    return out;
  }
  for (const m of text.matchAll(AREA_RE)) {
    const value = feet(m[3], m[4]);
    if (value === undefined) continue;
    const lot = ofLot(m.index, m[4]);
    if (m[2]) out[lot ? 'maxLot' : 'maxArea'] = value;
    else out[lot ? 'minLot' : 'minArea'] = value;
  }
  return out;
}

const NEW_BUILD_RE = conceptRe((v) => v.newBuild);
const NEW_BUILD_YEARS = 2;

const BUILT = `(?:${alternation((v) => v.built)} )?`;
const SINCE = alternation((v) => [...v.since, ...v.after]);
const AFTER_RE = new RegExp(`^${alternation((v) => v.after)}$`);
const BEFORE = alternation((v) => v.before);
const YEAR_SINCE_RE = new RegExp(`\\b${BUILT}(?<word>${SINCE})\\s+(?<year>(?:19|20)\\d\\d)\\b`);
const YEAR_BEFORE_RE = new RegExp(`\\b${BUILT}${BEFORE}\\s+(?<year>(?:19|20)\\d\\d)\\b`);
const YEAR_PHRASE_RE = new RegExp(`\\b${BUILT}(?:${SINCE}|${BEFORE})\\s+(?:19|20)\\d\\d\\b`, 'g');
/** "built in 1990": a year said, not a bound. */
const BUILT_IN_RE = new RegExp(
  `\\b${alternation((v) => v.built)} ${alternation((v) => v.inYear)} (?:19|20)\\d\\d\\b`,
  'g',
);

function yearWants(text: string): Pick<Wants, 'minYear' | 'maxYear'> {
  const since = YEAR_SINCE_RE.exec(text)?.groups;
  const before = YEAR_BEFORE_RE.exec(text)?.groups;
  const out: Pick<Wants, 'minYear' | 'maxYear'> = {};
  if (since?.year) out.minYear = Number(since.year) + (AFTER_RE.test(since.word ?? '') ? 1 : 0);
  if (before?.year) out.maxYear = Number(before.year) - 1;
  // "New construction", "obra nueva", "construction neuve", "lançamento": built in the last two years.
  if (out.minYear === undefined && NEW_BUILD_RE.test(text)) out.minYear = new Date().getUTCFullYear() - NEW_BUILD_YEARS;
  return out;
}

const HOA = alternation((v) => v.hoa);
const NO_HOA_RE = new RegExp(
  `\\b${alternation((v) => v.without)}\\s+(?:${ARTICLES} )?${HOA}\\b|\\b${alternation((v) => v.hoaFree)}\\b`,
);
const HOA_MAX_RE = new RegExp(`\\b${HOA}\\s*${BELOW}\\s*\\$?\\s*(?<amount>[\\d,.]+)`);
const HOA_MAX_PHRASE_RE = new RegExp(
  `(?<!\\b${alternation((v) => v.without)} )\\b${HOA}\\s*${BELOW}\\s*\\$?\\s*[\\d,.]+k?`,
  'g',
);

function hoaWants(text: string): Pick<Wants, 'maxHoa' | 'noHoa'> {
  if (NO_HOA_RE.test(text)) return { noHoa: true };
  const amount = HOA_MAX_RE.exec(text)?.groups?.amount;
  const value = amount ? findAmounts(amount)[0]?.value : undefined;
  return value === undefined ? {} : { maxHoa: value };
}

/** Orders in the order they are tried: the first a question says wins. */
const SORT_ORDER: Sort[] = [
  'LotDesc',
  'LotAsc',
  'YearDesc',
  'YearAsc',
  'AreaDesc',
  'AreaAsc',
  'DaysOnMarketDesc',
  'DaysOnMarketAsc',
  'PriceAsc',
  'PriceDesc',
];
const SORTS = SORT_ORDER.map((sort) => ({ sort, re: conceptRe((v) => v.sorts[sort]) }));

export function wantsOf(text: string): Wants {
  const unknownFeatures = [...text.matchAll(UNKNOWN_FEATURES)].map((m) => m[0]);
  const sort = SORTS.find((s) => s.re.test(text))?.sort;
  const land = landInNumbers(text);
  return {
    ...typeWants(land.replace(LOT_BOUND_RE, ' ')),
    ...featureWants(text.replace(UNKNOWN_FEATURES, ' ')),
    ...areaWants(land),
    ...yearWants(text),
    ...hoaWants(text),
    sort,
    unknownFeatures,
  };
}

/** The text without the phrases wantsOf read numbers from, so that prices do not see them. */
export function blankWants(text: string): string {
  return landInNumbers(text)
    .replace(HOA_MAX_PHRASE_RE, ' ')
    .replace(AREA_RANGE_RE, ' ')
    .replace(new RegExp(`(?:${ABOVE}|${BELOW})?\\s*${AREA_NUMBER}\\s?\\+?\\s?${AREA_UNIT}`, 'g'), ' ')
    .replace(YEAR_PHRASE_RE, ' ')
    .replace(BUILT_IN_RE, ' ');
}
