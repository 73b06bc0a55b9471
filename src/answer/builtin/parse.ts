// Question → what the visitor asks for. Pure: what needs the chatbot's listings (which
// words are its cities, MLS numbers or street addresses) is left as candidates that
// resolve.ts checks against the database.
import type { Feature, SaleType, Sort, TypeFamily } from '../../listings/index.ts';
import { addressesOf, type StreetAddress } from './address.ts';
import { type Counts, type PriceRange, parseCounts, parsePrice } from './criteria.ts';
import { type DetailField, detailFields } from './detail-fields.ts';
import {
  AVERAGE_RE,
  CITY_ARTICLES,
  COUNT_FILLERS,
  COUNT_RE,
  COUNTED_RE,
  detectLanguage,
  HELP_RE,
  HUMAN_RE,
  isGreeting,
  isThanks,
  type Lang,
  MONTHLY_RE,
  NOT_CITY,
  NOT_PLACE,
  normalize,
  OFF_TOPIC_RE,
  OWN_HOME_RE,
  PRE_MARKET_RE,
  REAL_ESTATE_RE,
  RENT_RE,
  SALE_RE,
  SOLD_RE,
} from './lexicon.ts';
import { type Reference, referenceOf } from './reference.ts';
import { correctSpelling } from './spelling.ts';
import { alternation, conceptRe, LANGS, VOCABULARIES } from './vocab/index.ts';
import { blankWants, type Wants, wantsOf } from './wants.ts';

export type Intent = 'greeting' | 'thanks' | 'help' | 'human' | 'count' | 'average' | 'search';

export interface ParsedQuestion extends Counts, PriceRange {
  lang: Lang;
  intent: Intent;
  saleType?: SaleType;
  /** "any price range": the price bounds of the search it follows are dropped. */
  anyPrice: boolean;
  status?: 'Sold' | 'PreOnMarket';
  /** Types, features, area, year, HOA and the order asked for. */
  wants: Wants;
  zip?: string;
  /** The order asked for; 'Newest' when none. */
  sort: Sort;
  /** What the question points at in the conversation ("the second one", "it", "show me more"). */
  ref: Reference;
  /** A yes/no question about a feature ("does it have a pool?"). */
  yesNo?: Feature;
  /** "Which is bigger, A or B?": what two named listings are compared by. */
  compare?: 'price' | 'area' | 'lot' | 'year';
  /** Says nothing but what it points at or how to order ("cheaper ones?", "only 3 bedrooms"). */
  shortFollowUp: boolean;
  /** Says something about homes (criteria or vocabulary), so it is not off-topic. */
  aboutHomes: boolean;
  /** A count of something that is not a home ("how many reviews on Google?"): a place it names is no search. */
  countsOther: boolean;
  /** Names a topic the assistant does not answer (weather, poems…). */
  offTopicWords: boolean;
  /** A capitalized place after "in"/"en"/"à" ("in Chicago"): checked when no city matched. */
  place?: string;
  /** Word sequences that may be a city, longest first. */
  cityCandidates: string[];
  /** Tokens that may be an MLS number, as written and upper-cased. */
  mlsCandidates: string[];
  /** Street addresses the question may name ("2708 Live Oak Ave"). */
  addresses: StreetAddress[];
  url?: string;
  fields: DetailField[];
  original: string;
  wordCount: number;
}

/** "How many reviews…", "¿cuántos agentes…": a count of something that is not a home. */
function countsSomethingElse(text: string): boolean {
  const word = COUNTED_RE.exec(text)?.[1];
  return word !== undefined && !COUNT_FILLERS.has(word) && !REAL_ESTATE_RE.test(word);
}

function intentOf(text: string): Intent {
  const bare = text.replace(/[^a-z' ]/g, ' ');
  if (isGreeting(bare)) return 'greeting';
  if (isThanks(bare)) return 'thanks';
  if (HELP_RE.test(text.replace(/^[¿¡\s]+/, ''))) return 'help';
  if (HUMAN_RE.test(text)) return 'human';
  if (AVERAGE_RE.test(text)) return 'average';
  if (COUNT_RE.test(text)) return 'count';
  return 'search';
}

/** "any price range", "sin límite de precio": the price bounds of the search are dropped. */
const ANY_PRICE_RE = conceptRe((v) => v.anyPrice);

/** Per language, the rental words of other languages that are none in it ("location" in English). */
const NOT_RENT = Object.fromEntries(
  LANGS.map((lang) => [lang, new RegExp(`\\b(?:${VOCABULARIES[lang].notRent.join('|') || '(?!)'})\\b`, 'g')]),
) as Record<Lang, RegExp>;

/**
 * Per language, a sale type said as the one not wanted ("rentals, not houses for sale", "no
 * para comprar"): removed before the sale type is read. Within two words of the negation.
 */
const NEGATED_SALE_TYPE = Object.fromEntries(
  LANGS.map((lang) => {
    const neg = VOCABULARIES[lang].saleNegation.join('|') || '(?!)';
    const either = `${alternation((v) => v.sale)}|${alternation((v) => v.rent)}`;
    return [lang, new RegExp(`\\b(?:${neg})\\s+(?:[\\w'-]+\\s+){0,2}?(?:${either})\\b`, 'g')];
  }),
) as Record<Lang, RegExp>;

function saleTypeOf(said: string, lang: Lang, prices: PriceRange): SaleType | undefined {
  const text = said.replace(NEGATED_SALE_TYPE[lang], ' ');
  const sale = SALE_RE.test(text);
  const rent = RENT_RE.test(text.replace(NOT_RENT[lang], ''));
  if (sale && !rent) return 'for_sale';
  if (rent && !sale) return 'for_rent';
  if (sale && rent) return undefined;
  const bounds = [prices.minPrice, prices.maxPrice].filter((p) => p !== undefined);
  // "under $2,500 a month", or any budget a home could not sell for: a rental.
  if (bounds.length && (MONTHLY_RE.test(text) || bounds.every((p) => p <= 15_000))) return 'for_rent';
  // "under $400,000": no rent is that high, so the visitor is buying.
  if (bounds.length && bounds.some((p) => p > 15_000)) return 'for_sale';
  return undefined;
}

function cityCandidates(original: string): string[] {
  const words = original.toLowerCase().match(/[\p{L}\p{M}][\p{L}\p{M}'.-]+/gu) ?? [];
  const clean = words.map((w) => w.replace(/(?<![.'-])[.'-]+$/, ''));
  const out = new Set<string>();
  // The first 16 are kept: the loops stop there rather than read every word of a long message.
  for (let n = 3; n >= 1 && out.size < 16; n--) {
    for (let i = 0; i + n <= clean.length && out.size < 16; i++) {
      const gram = clean.slice(i, i + n);
      const first = normalize(gram[0]);
      const last = normalize(gram[n - 1]);
      const inner = gram.slice(1).map(normalize);
      if (inner.some((w) => NOT_CITY.has(w)) || (NOT_CITY.has(first) && !(n > 1 && CITY_ARTICLES.has(first)))) continue;
      if (n === 1 && last.length < 3) continue;
      out.add(gram.join(' '));
      // "Ft Worth", "St. Louis": the abbreviations cities are written with.
      if (first === 'ft') out.add(['fort', ...gram.slice(1)].join(' '));
    }
  }
  return [...out].slice(0, 16);
}

function mlsCandidates(original: string): string[] {
  const out = new Set<string>();
  // At most 20 characters around the digits: a long run is read once, not once per character.
  for (const m of original.matchAll(/(?<![$€£\d,.])\b[A-Za-z0-9-]{0,20}\d{3,20}[A-Za-z0-9-]{0,20}\b(?![,.]\d)/g)) {
    // MLS numbers are long: "PA192274", "1234567"; not "500k", "2708" or "78717".
    if (m[0].length < 6 || /^\d+k$/i.test(m[0])) continue;
    out.add(m[0]);
    out.add(m[0].toUpperCase());
  }
  return [...out].slice(0, 6);
}

/** "in Chicago", "près de Lyon": a capitalized place after a word for where (as written, accents kept). */
const PLACE_RE = new RegExp(
  `(?:^|\\s)${alternation((v) => v.placeBefore)}\\s+((?:\\p{Lu}[\\p{L}'.-]+)(?:\\s+\\p{Lu}[\\p{L}'.-]+){0,2})`,
  'u',
);

function placeOf(original: string): string | undefined {
  const m = PLACE_RE.exec(original);
  const place = m?.[1].replace(/(?<![.'])[.']+$/, '');
  return place && !NOT_PLACE.has(normalize(place.split(' ')[0])) && !NOT_CITY.has(normalize(place)) ? place : undefined;
}

const YES_NO_RE = new RegExp(`^${alternation((v) => v.yesNo)}\\b`);
const COMPARE_RE = conceptRe((v) => v.compare);
const OR_RE = conceptRe((v) => v.or);

function compareOf(text: string, sort: Sort | undefined): ParsedQuestion['compare'] {
  if (!COMPARE_RE.test(text) || !OR_RE.test(text) || !sort) return undefined;
  if (sort.startsWith('Price')) return 'price';
  if (sort.startsWith('Lot')) return 'lot';
  if (sort.startsWith('Year')) return 'year';
  if (sort.startsWith('Area')) return 'area';
  return undefined;
}

/** An apartment for sale is a condo too: feeds list apartments as rentals only. */
export function typesForSale(
  saleType: SaleType | undefined,
  types: TypeFamily[] | undefined,
): TypeFamily[] | undefined {
  return saleType === 'for_sale' && types?.includes('apt') && !types.includes('condo') ? [...types, 'condo'] : types;
}

export function parseQuestion(original: string): ParsedQuestion {
  const place = placeOf(original);
  const text = correctSpelling(
    normalize(original).replace(/\s+/g, ' ').trim(),
    new Set(normalize(place ?? '').split(' ')),
  );
  const lang = detectLanguage(original);
  // "my condo" is the visitor's own home, not a type of home wanted.
  const wants = wantsOf(text.replace(OWN_HOME_RE, ' '));
  const { counts, rest } = parseCounts(blankWants(text));
  const prices = parsePrice(rest);
  const saleType = saleTypeOf(text, lang, prices);
  wants.types = saleType === 'for_rent' && wants.rentedTypes ? wants.rentedTypes : typesForSale(saleType, wants.types);
  const status = SOLD_RE.test(text) ? 'Sold' : PRE_MARKET_RE.test(text) ? 'PreOnMarket' : undefined;
  const zip = /(?<![$\d,.])\b\d{5}\b(?![,.]\d)/.exec(rest)?.[0];
  const criteria =
    saleType ||
    status ||
    // "Homes", "houses", "maisons": a generic word for homes, which says nothing yet ("a poem
    // about houses").
    (wants.types && wants.types.length < 3) ||
    wants.notTypes ||
    wants.features.length ||
    wants.notFeatures.length ||
    wants.minArea ||
    wants.maxArea ||
    wants.minLot ||
    wants.maxLot ||
    wants.minYear ||
    wants.maxYear ||
    wants.maxHoa !== undefined ||
    wants.noHoa ||
    zip ||
    Object.keys(counts).length ||
    Object.keys(prices).length;
  const url = /https?:\/\/\S+/i.exec(original)?.[0].replace(/(?<![).,!?])[).,!?]+$/, '');
  const read = referenceOf(text);
  // "más barato", "mais barato", "more than $200,000": the "more" of a comparative or a bound
  // is an order or a criterion, not the next page.
  const ref = { ...read, more: read.more && !wants.sort && !criteria };
  const bare = text.replace(/^[¿¡\s]+/, '');
  const yesNoFeature = YES_NO_RE.test(bare) ? (wants.features[0] ?? wants.notFeatures[0]) : undefined;
  const anyPrice = ANY_PRICE_RE.test(text);
  const intent = intentOf(text);
  return {
    lang,
    // "any price range" is no question about prices.
    intent: anyPrice && intent === 'average' ? 'search' : intent,
    anyPrice,
    ...counts,
    ...prices,
    saleType,
    status,
    wants,
    zip: prices.maxPrice === undefined || String(prices.maxPrice) !== zip ? zip : undefined,
    sort: wants.sort ?? 'Newest',
    ref,
    yesNo: yesNoFeature,
    compare: compareOf(text, wants.sort),
    shortFollowUp: text.split(' ').length <= 6,
    aboutHomes: Boolean(criteria) || REAL_ESTATE_RE.test(text),
    countsOther: !criteria && countsSomethingElse(text),
    offTopicWords: OFF_TOPIC_RE.test(text) && !criteria,
    place,
    cityCandidates: cityCandidates(original),
    mlsCandidates: mlsCandidates(original),
    addresses: addressesOf(original),
    url,
    fields: detailFields(text).filter((f) => !(anyPrice && f === 'price')),
    original,
    wordCount: text.split(' ').length,
  };
}
