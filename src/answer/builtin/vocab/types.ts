// The shape of one language's vocabulary: every word and phrasing the builtin engine reads in
// that language. A vocabulary file is `satisfies Vocabulary`, so a language missing a concept
// fails the type check. Text is matched after normalize() (lower case, accents stripped).
//
// `Phrases` are alternatives of a regular expression, each compiled between word boundaries
// (`\b(?:…)\b`): "for sale", "buy(ing|ers?)?", "alquil\\w*" (a prefix). Keep them linear: no
// nested quantifiers (hostile-messages.test.ts times the compiled patterns).
// `Words` are single words, looked up in a set.
import type { Sort } from '../../../listings/index.ts';
import type {
  DetailField,
  FairHousingWords,
  FeatureWord,
  Ordinal,
  QualificationWords,
  Topic,
  TypeWord,
} from './parts.ts';

export type Phrases = readonly string[];
export type Words = readonly string[];

/** A letter that marks the language ("ñ", "ã"), and how much it counts toward it. */
export interface Mark {
  chars: string;
  weight: number;
}

export interface Vocabulary {
  /** What AIResponseLanguage may say to choose it ("portuguese", "portugues", "pt"). */
  settingNames: Words;
  /** Telling the language under Auto: its function words, and its letters. */
  detect: { words: Words; marks: readonly Mark[] };

  // What kind of search.
  sale: Phrases;
  rent: Phrases;
  /** Another language's rental words that are none in this one ("location" in English). */
  notRent: Phrases;
  /** "a month", "al mes": a rent's price. */
  monthly: Phrases;
  sold: Phrases;
  preMarket: Phrases;

  // What the message asks.
  count: Phrases;
  /** What precedes the counted word ("how many", "combien d'"). */
  countLead: Phrases;
  /** Words that may follow "how many" without naming what is counted. */
  countFillers: Words;
  average: Phrases;
  /** A whole message asking what the assistant does ("help", "¿qué puedes hacer?"), at its start. */
  help: Phrases;
  /** How a yes/no question starts ("does it", "¿tiene", "y a-t-il"). */
  yesNo: Phrases;
  /** "Which is bigger, A or B?": the question, and the word "or". */
  compare: Phrases;
  or: Phrases;
  /** Before a place ("in", "près de"), matched on the text as written: accents kept. */
  placeBefore: Phrases;
  /** Asking for a person. */
  human: Phrases;
  /** Words that show a message is about homes when no criterion was recognized (prefixes as `\\w*`). */
  realEstate: Phrases;
  /** Topics a real-estate assistant does not answer. */
  offTopic: Phrases;

  // Routing: homes or the brokerage, a new search or a follow-up.
  /** Words that make a question a listing search whatever else it says ("homes", "casas"). */
  homesPlural: Phrases;
  /** A home named in the singular. */
  homeSingular: Phrases;
  /** "my house", "notre maison": the visitor's own home (possessives, then the nouns). */
  possessive: Phrases;
  ownHome: Phrases;
  /** "for sale", "to rent": a sale type asked for, not one read into "buyers". */
  saleTypeAsked: Phrases;
  /** The visitor speaking to the brokerage ("your", "¿aceptan…?", "vous"). */
  addressed: Phrases;
  /** Asking something of an amount or a home ("how much", "combien"). */
  asksAbout: Phrases;
  /** Asking how, when or where something is done ("how do you…", "¿cuándo…?"): routing.ts asksSomethingElse. */
  asksHow: Phrases;
  /** The brokerage's charge ("commission", "honorarios", "frais"): a price beside it is the fee's condition. */
  agencyFee: Phrases;
  /** A service the brokerage gives homes' owners ("do you manage…", "¿administran…?"): the homes named are what it is given to. */
  agencyService: Phrases;
  /** Starting a search of its own ("I'm looking for", "busco"), after an optional greeting. */
  freshSearch: Phrases;
  /** "instead", "plutôt": the same search elsewhere. */
  instead: Phrases;
  /** At the start of a message that goes on from the last ("what about", "y", "et"). */
  followUpCue: Phrases;

  // Small talk: a message made only of core and filler words (or a phrase) is a greeting / a thanks.
  greeting: { core: Words; filler: Words; phrases: Phrases };
  thanks: { core: Words; filler: Words; phrases: Phrases };

  // Places.
  /** Words that look like a place after "in" but are not ("June", "Spanish"). */
  notPlace: Words;
  /** Words that never start or end a city name. */
  notCity: Words;
  /** Articles that may start a city name ("El Paso", "Le Mans"). */
  cityArticles: Words;
  /**
   * How street addresses are written (address.ts), lower-cased: street words and their short
   * forms ("avenue" → "ave"), words that end a street's name ("in", "built"), words that name a
   * unit ("apt", "suite"; `#` is the code's), the words after a unit and before its street ("#402
   * at 1212 Laurel St"), and those joining two addresses ("A or B").
   */
  address: { suffixes: Readonly<Record<string, string>>; stop: Words; unit: Phrases; unitAt: Words; join: Words };

  // Numbers.
  /** Number words up to twelve. */
  numbers: Readonly<Record<string, number>>;
  /** "k", "mil", "million": what an amount is multiplied by. */
  multipliers: Readonly<Record<string, number>>;
  /** Currency words after an amount ("dollars", "euros"). */
  currencies: Phrases;

  // Counts and bounds.
  bedroom: Phrases;
  bathroom: Phrases;
  /** A home with no separate bedroom ("studio", "kitnet"). */
  studio: Phrases;
  /** Rooms counted with the living room ("3 ambientes"): one bedroom fewer. */
  rooms: Phrases;
  /** The same as a letter just before the count ("un T3", "F2"). */
  roomsBefore: Phrases;
  atLeast: Phrases;
  exactly: Phrases;
  atMost: Phrases;
  /** After a count: "3 beds or more". */
  orMore: Phrases;
  /** After a count, an upper bound: "2 baths or fewer", "2 baños como máximo". */
  orFewer: Phrases;
  /** Bounds said before an area, a year's fee or an amount: "over", "más de". */
  above: Phrases;
  below: Phrases;
  /** "from … to …", "between … and …" around a range. */
  rangeStart: Phrases;
  rangeJoin: Phrases;

  // What a home is and has.
  /** Type words; the families each names, and the order they are tried in, are PROPERTY_FAMILIES (parts.ts). */
  types: Readonly<Record<TypeWord, Phrases>>;
  /** "not", "sin", "sauf" before a type ("anything but a condo"). */
  negation: Phrases;
  /**
   * Words that negate a sale type said within two words after them ("rentals, not houses for
   * sale", "no para comprar"): that sale type is not the one wanted.
   */
  saleNegation: Phrases;
  /** "any price range", "sin límite de precio": the search's price bounds are dropped. */
  anyPrice: Phrases;
  /** "without", "sin", "sans" before a feature or an HOA. */
  without: Phrases;
  /** Articles between a negation and what it negates. */
  articles: Phrases;
  features: Readonly<Partial<Record<FeatureWord, Phrases>>>;
  /** Words before "view" that make it a verb ("to view", "can I view"). */
  viewAsVerbAfter: Phrases;
  /** Amenities no listing field records ("solar panels", "wine cellar"). */
  unknownFeatures: Phrases;
  /**
   * Units of area; `metres`, `acres` and `hectares` are converted to square feet. An area in acres
   * or hectares, or just after a word for the lot (`lot`: "lot", "terreno"), bounds the lot, not
   * the living area.
   */
  areaUnits: { feet: Phrases; metres: Phrases; acres: Phrases; hectares: Phrases; lot: Phrases };
  /**
   * How much land, said in words just before an acre or a hectare: a phrase (with the words that
   * join it to the unit) and its amount ("half an" 0.5, "a quarter" 0.25, "une" 1, "meia" 0.5).
   */
  landAmounts: Readonly<Record<string, number>>;
  /** The same just after the unit, added to it: "an acre and a half", "dos hectáreas y media". */
  landAmountsAfter: Readonly<Record<string, number>>;
  // Year built: "built since 2010", "construida antes de 1990"; "new construction", "obra nueva".
  built: Phrases;
  /** From a year on, the year included. */
  since: Phrases;
  /** After a year, the year excluded. */
  after: Phrases;
  before: Phrases;
  /** "built in 1990": the word between "built" and a year. */
  inYear: Phrases;
  newBuild: Phrases;
  /** A homeowners' association and its fee. */
  hoa: Phrases;
  /** "HOA-free": no association. */
  hoaFree: Phrases;
  /** Questions no listing answers (schools, crime, where prices go…): said honestly, a person offered. */
  unanswerable: Readonly<Partial<Record<Topic, Phrases>>>;
  /** "Who are you?", "are you a bot?". */
  whoAmI: Phrases;
  /** A goodbye at the start of a short message ("bye", "gotta go"), after an optional "ok". */
  bye: Phrases;
  okay: Phrases;
  // Showings: when a visitor asks to see a home.
  /**
   * chrono-node's locale for dates and times in the language (`chrono.en`, `chrono.pt`, …),
   * loaded the first time a visitor names a day or an hour (tour-when.ts).
   */
  dates: 'en' | 'es' | 'fr' | 'pt' | 'de' | 'it' | 'nl' | 'ja' | 'ru' | 'uk' | 'sv' | 'zh';
  partsOfDay: Readonly<Record<'morning' | 'afternoon' | 'evening', Phrases>>;
  /** Before an hour chrono leaves out after a day ("around 10", "a las 10"). */
  hourBefore: Phrases;
  /** The orders a superlative asks for. */
  sorts: Readonly<Partial<Record<Sort, Phrases>>>;

  // Small misspellings (spelling.ts).
  /** Words a small misspelling is read as ("bedrooom" → "bedroom"), in the order ties are broken. */
  spelled: Words;
  /** Words one edit from a spelled word that are fine as they are ("hose" → not "house"). */
  notMisspelled: Words;
  /** Spelled words that mean the same to the engine: a tie between them is no ambiguity. */
  sameSpelled: readonly Words[];

  // What a message points at in the conversation (reference.ts).
  /** Positions in the last answer ("second", "segunda"); `last` for "the last one". */
  ordinals: Readonly<Record<Ordinal, Phrases>>;
  /** Words that make an ordinal point at a listing ("one", "la", "annonce"), not "first-time buyer". */
  ordinalContext: Phrases;
  /** "last year", "l'année dernière": an ordinal of time. Before the unit ("last") and after it ("dernière"). */
  timeOrdinalBefore: Phrases;
  timeUnitsAfterOrdinal: Phrases;
  timeUnitsBeforeOrdinal: Phrases;
  timeOrdinalAfter: Phrases;
  /** "first time", "primera vez". */
  firstTime: Phrases;
  /** "my first", "leur dernière": an ordinal of the visitor's own (the possessives, then the ordinals). */
  ownOrdinalBefore: Phrases;
  ownOrdinal: Phrases;
  /**
   * Ordinals that also name a weekday (Portuguese "segunda": the second one, and Monday):
   * the words (day-ordinals.ts). A word after ("feira") or before ("na", "de … a", "próxima")
   * makes one the day; the feminine article before it ("a segunda") makes it a position when a
   * listing noun follows ("a segunda casa"), or none does and a list was just shown.
   */
  dayOrdinals: Phrases;
  dayOrdinalDayAfter: Phrases;
  dayOrdinalDayBefore: Phrases;
  dayOrdinalArticle: Phrases;
  dayOrdinalNouns: Phrases;
  /** "it", "that one", "celle-ci": the listing the conversation is about. */
  it: Phrases;
  /** Words of a question's second part pointing back at its first ("what does one run?", "¿cuánto cuesta eso?"): compound-turn.ts. */
  pointsBack: Phrases;
  /** "it must be a condo": "it" as the home the visitor wants, not one shown (read before `it`). */
  itWanted: Phrases;
  /** "them", "those", "lesquels": the last answer's listings. */
  them: Phrases;
  /** "show me more", "más", "d'autres": the next page, as a whole message's start, or anywhere. */
  moreAtStart: Phrases;
  more: Phrases;

  // Which facts a question about one listing asks for (detail-fields.ts).
  detailFields: Readonly<Record<DetailField, Phrases>>;
  /** Phrases read as another before the facts are found: "lot size" is the lot, not the house's size. */
  detailReadAs: Readonly<Record<string, string>>;
  /** Naming the price itself: with another fact asked, "how much" asks for that fact, "price" for the price too. */
  priceNamed: Phrases;

  // Showings (tour-words.ts).
  /** Words that ask for a showing by themselves ("tour", "visita", "rendez-vous"). */
  tour: Phrases;
  /** Words that ask for one with a time: "can I see it Saturday?". */
  tourSee: Phrases;
  /** A meeting with an agent, not about one home. */
  meetAgent: Phrases;
  /** Showings these words are not: a virtual tour, a visit to the office. */
  notTour: Phrases;
  /** "How many visits": a question about showings, not one asked for (the count, then the noun). */
  visitCount: Phrases;
  visits: Phrases;
  /** A search rather than one home: "see homes in Austin this weekend". */
  tourSearch: Phrases;
  /** Which offered slot a reply picks: by position, by its number ("option 2"), or a yes. */
  slotOrdinals: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6 | 'last', Phrases>>;
  slotNumber: Phrases;
  yes: Phrases;

  /**
   * Instructions smuggled into a message (small-talk.ts), matched on the text as written, any
   * case: "ignore" near "instructions", a role at a line's start ("SYSTEM:"), asking to reveal
   * the prompt, and whole phrases ("from now on", "ignora tus instrucciones").
   */
  injection: {
    ignore: Phrases;
    instructions: Phrases;
    roles: Phrases;
    reveal: Phrases;
    revealed: Phrases;
    phrases: Phrases;
  };

  /**
   * Two questions in one message (compound.ts), matched on the text as written, any case: the
   * words a second question starts with (auxiliaries among them), the words joining it to the
   * first ("and", "además"), and those that may open it after a question mark ("And what…?").
   */
  compound: { questionStart: Phrases; auxiliary: Phrases; joiners: Phrases; openers: Phrases };

  fairHousing: FairHousingWords;

  /**
   * How an amount is read as a price (criteria.ts): words after it that make it something else
   * ("2,000 sq ft", "10 years"), words before a year ("built in 1990"), and the bounds said before
   * it ("under", "hasta", with the short words that may follow them, "of", "de") or after it
   * ("or less", "o más"), "around", and the words between a range's two amounts.
   */
  priceCues: {
    notPriceAfter: Phrases;
    yearBefore: Phrases;
    yearBridge: Phrases;
    maxBefore: Phrases;
    maxBridge: Phrases;
    minBefore: Phrases;
    minBridge: Phrases;
    aboutBefore: Phrases;
    maxAfter: Phrases;
    minAfter: Phrases;
    rangeJoin: Phrases;
  };

  qualification: QualificationWords;

  /**
   * Contact details typed into the chat (contact.ts), matched on the text as written: how a
   * visitor introduces themselves (case kept: "I'm", "me llamo"), capitalised words that start
   * sentences rather than names, words that offer a phone number (prefixes, any case), and what
   * after digits makes them an amount rather than a phone number (scales, currency words).
   */
  contact: { intro: Phrases; notNames: Words; phoneWords: Phrases; scales: Phrases; currencyWords: Phrases };

  /**
   * Words that stand for one another in a question to a brokerage's knowledge (knowledge/glossary.ts),
   * by concept: each language's words for it, space-separated ("fee": "fee charge cost …"). A
   * concept's words in every language are one group. English names every concept; a language may
   * leave one out. Words with another meaning in another language are left out ("chat", "location").
   */
  glossary: Readonly<Record<string, string>>;
  /**
   * A question's word answered by other words, one way: "how long" by a duration ("40 minutes"),
   * "what day" by a weekday. A passage about a month is not thereby about length.
   */
  glossaryAnsweredBy: Readonly<Record<'duration' | 'weekday', { asked: string; answers: string }>>;
}
