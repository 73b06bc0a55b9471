// The named parts of a vocabulary (types.ts): the lists of topics, fields, traits and positions
// it is keyed by, and the shapes of its larger concepts.
import type { Feature, TypeFamily } from '../../../listings/index.ts';
import type { Phrases } from './types.ts';

/**
 * What a visitor volunteers of what a brokerage qualifies on (qualification-reader.ts,
 * qualification-budget.ts), matched lower-cased and without accents, between non-letters.
 */
export interface QualificationWords {
  sell: Phrases;
  buy: Phrases;
  rent: Phrases;
  invest: Phrases;
  /**
   * Who an intent belongs to, in the clause before its word: the visitor ("I", "we", "our",
   * "queremos") or a third party ("the seller", "el propietario", "ils"). An intent word after a
   * third party's, with no word of the visitor's between, is that party's ("is the seller
   * motivated to sell?"), not the visitor's.
   */
  self: Phrases;
  others: Phrases;
  notApproved: Phrases;
  /**
   * A pre-approval the visitor is about to get ("getting pre-approved next week", "vamos a pedir
   * la preaprobación"): they are not pre-approved yet, read as no, like `notApproved`.
   */
  plannedApproval: Phrases;
  approved: Phrases;
  /** Timelines said in words: now, within three months, within a year, later. */
  now: Phrases;
  soon: Phrases;
  year: Phrases;
  later: Phrases;
  /** After a number: "in 3 months", "dans 2 semaines". */
  months: Phrases;
  weeks: Phrases;
  seasons: Readonly<Record<'spring' | 'summer' | 'autumn' | 'winter', Phrases>>;
  /** A budget's bounds and words ("up to", "around", "budget", "between … and …"). */
  upTo: Phrases;
  atLeast: Phrases;
  around: Phrases;
  budget: Phrases;
  between: Phrases;
  and: Phrases;
  /** Words before a ZIP or postal code ("zip", "código postal", "CEP"): its five digits are never a budget. */
  postalCode: Phrases;
  /** Count words before months or weeks ("a month", "dos semanas"). */
  counts: Readonly<Record<string, number>>;
  /** Between two counts: "3 to 4 months". */
  countJoin: Phrases;
  /** A whole reply to a yes/no qualifying question, at its start (qualify-answer.ts): "not yet", "sure". */
  replyNo: Phrases;
  replyYes: Phrases;
  types: Readonly<Record<'condo' | 'apartment' | 'townhouse' | 'land' | 'house', Phrases>>;
  /** Currency words after or before an amount (symbols are the code's), and what an amount's scale multiplies by. */
  currencies: Phrases;
  scales: Readonly<Record<string, number>>;
  /** Units after a number that make it no budget ("3 bedrooms", "2,000 sq ft"). */
  units: Phrases;
  /** Short words between a budget word and its amount ("budget of", "budget de"). */
  amountBridge: Phrases;
}

/** A characteristic fair-housing law protects (fair-housing.ts). */
export type Trait = 'race' | 'colour' | 'religion' | 'national origin' | 'sex' | 'disability' | 'familial status';

/**
 * Requests to select or steer by a protected characteristic (fair-housing.ts). A trait's phrases
 * may name a shared list as `<name>` (`<less>\s+(whites|…)`): it stands for every language's
 * words of that list, so that a visitor mixing languages is read too.
 */
export interface FairHousingWords {
  traits: Readonly<Record<Trait, Phrases>>;
  /** The shared lists: people, places, "fewer"/"away from", children, disabilities, residents. */
  who: Phrases;
  area: Phrases;
  less: Phrases;
  without: Phrases;
  children: Phrases;
  disabled: Phrases;
  residents: Phrases;
  /** After a disability, what makes it a home's feature ("wheelchair access", "disabled parking"). */
  accessible: Phrases;
  /** The visitor telling about themselves ("I'm", "we have", "soy"): lawful unless steering words follow. */
  self: Phrases;
  /** Words of a request about who the neighbours are. */
  steering: Phrases;
  /** "Abroad", "à l'étranger": where the visitor is, not who. */
  abroad: Phrases;
  /** After a protected word, a benefit or an occasion rather than people ("holidays", "discounts"). */
  notPeople: Phrases;
}

/** The facts of one listing a question may ask for. */
export type DetailField =
  | 'price'
  | 'hoa'
  | 'year'
  | 'size'
  | 'lot'
  | 'parking'
  | 'bedrooms'
  | 'bathrooms'
  | 'daysOnMarket'
  | 'deposit'
  | 'address'
  | 'zip'
  | 'pricePerArea'
  | 'features'
  | 'type'
  | 'status'
  | 'description';

/** A position in a list of listings; `last` is the last one. */
export type Ordinal = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 'last';

/** Questions no listing can answer. */
export type Topic =
  | 'commercial'
  | 'schools'
  | 'crime'
  | 'commute'
  | 'taxes'
  | 'rates'
  | 'flood'
  | 'forecast'
  | 'insurance'
  | 'walkability'
  | 'listingAgent';

/** Type words: the families, plus "maisons"/"houses" (a house of one or a few families) and "homes" (any). */
export type TypeWord = Exclude<TypeFamily, 'other'> | 'flat' | 'house' | 'home';

/** Every family but land: what "homes", "casas", "maisons" name. */
export const HOME_FAMILIES: TypeFamily[] = ['sfr', 'condo', 'town', 'apt', 'multi', 'other'];

/**
 * The property families each type word names, whatever each feed calls them, in the order the
 * words are tried (the first match of a span wins). `rented`: what the word names in a search
 * for rent, when that is less.
 */
export const PROPERTY_FAMILIES: { word: TypeWord; families: TypeFamily[]; rented?: TypeFamily[] }[] = [
  { word: 'sfr', families: ['sfr'] },
  { word: 'town', families: ['town'] },
  { word: 'condo', families: ['condo'] },
  { word: 'multi', families: ['multi'] },
  // "Apartamento", "appartement" name any home in a building, a condo included, bought or rented.
  { word: 'flat', families: ['apt', 'condo'] },
  // "Apartment", "flat": a home in a building (feeds call the owned ones Condo, sold or rented);
  // "apartments for rent" are the Apartment type, as renters in the United States mean it.
  { word: 'apt', families: ['apt', 'condo'], rented: ['apt'] },
  { word: 'land', families: ['land'] },
  // "House", like "maison", is a house of one or a few families, not a flat.
  { word: 'house', families: ['sfr', 'town', 'multi'] },
  { word: 'home', families: HOME_FAMILIES },
];
/** Features, plus the unfurnished wish (a negated "furnished"). */
export type FeatureWord = Feature | 'unfurnished';
