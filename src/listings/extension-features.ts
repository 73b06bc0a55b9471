// What a listing's ExtensionColumn entries say about its features. A key that names a
// feature ("Pool", "Garage Spaces", "Pets Allowed") states it outright, yes or no by its
// value; a key that lists things ("Parking Features", "Cooling", "Amenities") is read for
// the features its value names.
import { FEATURE_WORDS, normalizeText } from './feature-words.ts';
import type { Feature } from './filter.ts';

/** What the entries state: `firm` (a key naming the feature) outranks `soft` (a list). */
export interface Statements {
  firm: Map<Feature, boolean>;
  soft: Map<Feature, boolean>;
}

type Polarity = 'yes' | 'no' | 'unknown' | 'text';

const UNKNOWN =
  /^(?:|-+|\?+|n a|na|tbd|tba|unknown|desconocido|inconnu|varies|negotiable|negociable|case by case|(?:upon|on|sur) request|sur demande|(?:call|ask|contact|inquire|see|check|consult|consultar|voir)(?: .*)?)$/;
const YES =
  /^(?:yes|y|true|t|si|oui|ok|okay|included|incluido|inclus|available|disponible|allowed|permitted|present|x)$/;
const NO =
  /^(?:n|f|false|nope|nil|null|nada|ninguno|ninguna|aucune?|prohibited|forbidden|interdits?|excluded|unavailable|(?:no|none|not|sin|non|pas|aucun)(?: .*)?)$/;
/** "Pets Allowed: No restrictions" is a yes. */
const NOT_A_NO = /^no (?:restrictions?|limits?|size limit|weight limit|breed restrictions?|pet restrictions?)(?: .*)?$/;
const LEADING_NUMBER = /^(\d+(?:\.\d+)?)(?![\p{L}\p{N}.])/u;

/** How an entry's value reads: a count ("Garage Spaces: 0"), yes, no, unknown, or descriptive text. */
export function polarity(value: string): Polarity {
  const v = value.replace(/[.!]+$/, '').trim();
  if (UNKNOWN.test(v)) return 'unknown';
  const n = LEADING_NUMBER.exec(v);
  if (n) return Number(n[1]) > 0 ? 'yes' : 'no';
  if (YES.test(v) || NOT_A_NO.test(v)) return 'yes';
  if (NO.test(v)) return 'no';
  return 'text';
}

const CATEGORIES = ['parking', 'cooling', 'laundry', 'appliances', 'flooring'] as const;
type Category = (typeof CATEGORIES)[number];
type KeyKind = Feature | Category;
const isCategory = (kind: KeyKind): kind is Category => (CATEGORIES as readonly string[]).includes(kind);

/** Keys by what they name, first match wins ("Basement Features" before "Features"). */
const KEYS: [RegExp, KeyKind][] = [
  [/\b(?:basement|sotano|sous sol)/, 'basement'],
  [/\b(?:pool|piscina|piscine|alberca)s?\b/, 'pool'],
  [/\b(?:garage|garaje|cochera)s?\b/, 'garage'],
  [/\b(?:parking|estacionamiento|aparcamiento|stationnement)\b/, 'parking'],
  [/\b(?:pets?|mascotas?|animaux|animales|animals?)\b/, 'pets'],
  [/furnish|amueblad|amoblad|meuble|\bmuebles\b/, 'furnished'],
  [/\bfireplaces?\b|chimenea|cheminee/, 'fireplace'],
  [/water ?front|lake ?front|ocean ?front|frente al agua|bord de l eau|bord de mer/, 'waterfront'],
  [/\bcentral (?:air|a c|ac|cooling)\b/, 'centralAir'],
  [/\b(?:cooling|air conditioning|a c|ac|aire acondicionado|climatisation|climatizacion|refrigeracion)\b/, 'cooling'],
  [/\b(?:laundry|lavanderia|lavadero|buanderie)\b/, 'laundry'],
  [/\b(?:washer|dryer|lavadora|secadora|lave linge|laveuse)\b/, 'inUnitLaundry'],
  [/\b(?:appliances|electrodomesticos|electromenagers?)\b/, 'appliances'],
  [/\b(?:views?|vistas?|vue)\b/, 'view'],
  [/\b(?:yard|backyard|garden|jardin)s?\b/, 'yard'],
  [/\bbalcon/, 'balcony'],
  [/\b(?:elevator|ascensor|ascenseur)/, 'elevator'],
  [/\b(?:gym|fitness|gimnasio)/, 'gym'],
  [/\bsolar\b|photovolta|fotovolta/, 'solar'],
  [/\b(?:floors?|flooring|pisos?|suelos?|sols?|planchers?|revetements?)\b/, 'flooring'],
  [/\b(?:patio|deck|terrace|terraza|terrasse|lanai)s?\b/, 'patio'],
];

/** Values that deny what the key names although they are not a plain "no". */
const DENIES: Partial<Record<Feature, RegExp>> = {
  garage: /^(?:carport|street|on street|off street|driveway|parking lot|surface|assigned)\b/,
  basement: /^(?:crawl|slab)/,
  furnished: /^(?:unfurnished|sin amueblar|desamueblad|non meuble|vide|empty)/,
  inUnitLaundry: /shared|common|coin|hook ?ups?|on site|in building|community|laundromat/,
};
const UNFINISHED = /unfinished|not finished|sin terminar|no terminad|non amenage|non fini|brut/;
const FINISHED = /(?<![\p{L}])(?:finished|terminad|acabad|habilitad|amenage|fini)/u;
const IN_UNIT =
  /in (?:unit|suite)|inside|in (?:the )?(?:home|house|residence|apartment|condo|kitchen|garage|basement|closet|utility|laundry room|hall|hallway|mud ?room)|laundry room|utility room|washer|dryer|w d|en la (?:unidad|vivienda)|dans (?:le |l )?(?:logement|appartement)/;
const COOLS = /air|a c|\bac\b|central|split|ductless|window|wall|heat pump|refrigerat|zoned|climat|aire/;
const WOOD = /hardwood|\bwood\b|parquet|madera|bois/;
const WASHER = /washer|dryer|lavadora|secadora|lave linge|seche linge|laveuse|secheuse/;

function keyKind(key: string): KeyKind | undefined {
  return KEYS.find(([re]) => re.test(key))?.[1];
}

/** Features whose words appear in `text`, mentions only (negation is the description's business). */
export function namedIn(text: string): Feature[] {
  const out: Feature[] = [];
  for (const [f, w] of Object.entries(FEATURE_WORDS) as [Feature, (typeof FEATURE_WORDS)[Feature]][]) {
    if (text.search(w.yes) >= 0) out.push(f);
  }
  return out;
}

/** Several firm statements of one feature: any yes wins ("Pool Private YN: Y" with "Pool Features: None"). */
function state(map: Map<Feature, boolean>, f: Feature, yes: boolean): void {
  map.set(f, (map.get(f) ?? false) || yes);
}

function readBasement(key: string, value: string, p: Polarity, out: Statements): void {
  if (/finish|terminad|amenage/.test(key)) {
    // "Basement Finished: No" says the basement is unfinished, not that there is none.
    if (p === 'no') state(out.firm, 'finishedBasement', false);
    else if (p === 'yes' || p === 'text') {
      const finished = !UNFINISHED.test(value);
      state(out.firm, 'finishedBasement', finished);
      if (finished) state(out.firm, 'basement', true);
    }
    return;
  }
  if (p === 'no' || DENIES.basement?.test(value)) {
    state(out.firm, 'basement', false);
    state(out.firm, 'finishedBasement', false);
  } else if (p === 'yes' || p === 'text') {
    state(out.firm, 'basement', true);
    if (UNFINISHED.test(value)) state(out.firm, 'finishedBasement', false);
    else if (FINISHED.test(value)) state(out.firm, 'finishedBasement', true);
  }
}

function readCategory(kind: Category, value: string, p: Polarity, out: Statements): void {
  const soft = (f: Feature, yes: boolean) => out.soft.set(f, yes && out.soft.get(f) !== false);
  if (kind === 'parking') {
    if (/\bgarages?\b|garaje|cochera/.test(value) && p !== 'no') soft('garage', !/\bno garage/.test(value));
  } else if (kind === 'cooling') {
    if (p === 'no') {
      soft('airConditioning', false);
      soft('centralAir', false);
    } else if (p === 'yes' || COOLS.test(value)) {
      soft('airConditioning', true);
      if (/central/.test(value)) soft('centralAir', true);
    }
  } else if (kind === 'laundry') {
    if (p === 'no' || DENIES.inUnitLaundry?.test(value)) soft('inUnitLaundry', false);
    else if (IN_UNIT.test(value)) soft('inUnitLaundry', true);
  } else if (kind === 'appliances') {
    if (WASHER.test(value)) soft('inUnitLaundry', true);
  } else if (kind === 'flooring') {
    if (p !== 'no' && WOOD.test(value)) soft('hardwood', true);
  }
}

/** A key that lists things: "Hardwood Floors: Yes" names the feature in the key, "Flooring: Hardwood" in the value. */
function readList(kind: Category, key: string, value: string, p: Polarity, out: Statements): void {
  const named = p === 'yes' || p === 'no' ? namedIn(key) : [];
  for (const f of named) state(out.firm, f, p === 'yes');
  if (!named.length) readCategory(kind, value, p, out);
}

/** Any other key: "Swimming Pool: Yes" names its feature in the key; "Amenities: Pool, Gym" in the value. */
function readOther(
  key: string,
  value: string,
  p: Polarity,
  out: Statements,
  scan: (text: string) => Map<Feature, boolean>,
) {
  if (p === 'yes' || p === 'no') {
    for (const f of namedIn(key)) state(out.firm, f, p === 'yes');
  } else if (p === 'text') {
    for (const [f, yes] of scan(value)) out.soft.set(f, yes && out.soft.get(f) !== false);
  }
}

/** Reads one entry into `out`; `scan` reads free text the way a description is read. */
export function readEntry(
  rawKey: string,
  rawValue: string,
  out: Statements,
  scan: (text: string) => Map<Feature, boolean>,
): void {
  // Split camel case first: RESO feeds write "PoolPrivateYN", "GarageSpaces".
  const key = normalizeText(rawKey.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')).trim();
  const value = normalizeText(rawValue).trim();
  const p = polarity(value);
  const kind = keyKind(key);
  if (kind === 'basement') readBasement(key, value, p, out);
  else if (kind && isCategory(kind)) readList(kind, key, value, p, out);
  else if (kind) {
    if (p === 'unknown') return;
    const yes = p !== 'no' && !DENIES[kind]?.test(value);
    state(out.firm, kind, yes);
    if (kind === 'centralAir') state(out.firm, 'airConditioning', yes);
  } else readOther(key, value, p, out, scan);
}
