// How the builtin engine tells a question about the brokerage (answered from its knowledge)
// from a search for homes: how much of the question a passage must hold at each step of
// engine.ts, the words that make a question a search, and the listing criteria it carries.
import type { AnswerRequest, KnowledgeHit, ListingSearch } from '../engine.ts';
import { normalize, OWN_HOME_RE } from './lexicon.ts';
import { parseQuestion } from './parse.ts';
import type { Resolved } from './resolve.ts';
import { alternation, conceptRe } from './vocab/index.ts';

/** Share of a question's words a knowledge passage must hold to answer it whatever it reads like. */
export const EXACT_COVERAGE = 0.9;
/** …to answer a question with no listing criteria before any search (docs/knowledge-answers.md: the curve). */
export const STRONG_COVERAGE = 0.5;
/** …and where the engine would otherwise have to say it cannot answer. */
export const FALLBACK_COVERAGE = 0.4;
/** …for a question without listing criteria to be about the brokerage rather than homes. */
export const NEAR_COVERAGE = 0.34;
/** Words that make a question a listing search whatever else it says. */
export const SEARCH_WORDS_RE = conceptRe((v) => v.homesPlural);

/** "for sale", "to rent"…: a sale type the visitor asked for, not one read into "buyers" or "rent". */
export const SALE_TYPE_ASKED_RE = conceptRe((v) => v.saleTypeAsked);

/** The listing criteria a question carries. */
export function criteriaOf(p: ReturnType<typeof parseQuestion>) {
  const w = p.wants;
  const bounds =
    Boolean(p.minBedrooms ?? p.maxBedrooms ?? p.minBathrooms ?? p.maxBathrooms ?? p.minPrice ?? p.maxPrice) ||
    Boolean(w.notTypes || w.minArea || w.maxArea || w.minLot || w.maxLot || w.minYear || w.maxYear) ||
    Boolean(w.maxHoa !== undefined || w.noHoa);
  const features = w.features.length > 0 || w.notFeatures.length > 0;
  const saleOrStatus = Boolean(p.saleType ?? p.status);
  return {
    /**
     * Criteria only a listing search answers. A sale type alone is not one ("what's your fee
     * for buyers?"), nor are the property types a generic "home" or "maison" stands for (three
     * or more).
     */
    concrete: bounds || Boolean(w.types && w.types.length < 3) || features,
    /** Any criterion, a sale type or a status included. */
    any: bounds || Boolean(w.types) || features || saleOrStatus,
    /** Criteria of a new search: features asked yes-or-no are about a listing, not a search. */
    search: bounds || Boolean(w.types) || saleOrStatus || (!p.yesNo && features),
  };
}

/**
 * The knowledge asked once per text in a turn: the best passage does not depend on the
 * threshold (a lower one only lets the search look further when nothing holds more), so a
 * second question about the same text is answered from the first.
 */
export function knowledgeOf(req: AnswerRequest) {
  const asked = new Map<string, { min: number; hit: KnowledgeHit | null }>();
  return async (text: string, min: number): Promise<KnowledgeHit | null> => {
    if (!req.knowledge) return null;
    const seen = asked.get(text);
    if (seen && (seen.hit || seen.min <= min)) return seen.hit && seen.hit.coverage >= min ? seen.hit : null;
    const hit = await req.knowledge(text, min);
    asked.set(text, { min, hit });
    return hit;
  };
}

/**
 * A part that asks for homes: listing criteria, or words like "homes" (a sale type alone is not:
 * "una queja sobre mi compra. ¿A qué correo la mando?" is one question about the brokerage).
 */
export function asksForHomes(part: string): boolean {
  return criteriaOf(parseQuestion(part)).concrete || SEARCH_WORDS_RE.test(normalize(part));
}

/** The visitor speaking to the brokerage ("do you…", "your pet policy", "¿aceptan…?", "vous…"). */
const ADDRESSED_RE = conceptRe((v) => v.addressed);

/**
 * A question asking something of an amount or a home rather than for homes ("how much earnest
 * money on a $400k house?", "what does the inspection of a 3-bedroom home cost?").
 */
const ASKS_ABOUT_RE = conceptRe((v) => v.asksAbout);

/** "how do you…", "when do you…", "¿dónde…?": asking how, when or where something is done. */
const ASKS_HOW_RE = conceptRe((v) => v.asksHow);

/** "do you have", "busco", "avez-vous", "show me": a request for homes wherever it stands. */
const REQUEST_RE = new RegExp(`(?<![\\p{L}])${alternation((v) => v.freshSearch)}(?![\\p{L}])`, 'u');

/**
 * The brokerage's own charge: "is the commission lower for homes over $1 million?" asks about
 * it, and the price is its condition, not a search's bound.
 */
export const AGENCY_FEE_RE = conceptRe((v) => v.agencyFee);

/** A service the brokerage gives owners: "do you manage condos?" asks about it, not for condos. */
const AGENCY_SERVICE_RE = conceptRe((v) => v.agencyService);

/**
 * A question to the brokerage about what it does with homes, not a request for them: homes are
 * named ("casas", "maisons") beside words no listing criterion reads ("¿ustedes compran casas
 * al contado?", "vendez-vous des maisons saisies aux enchères ?", "¿las casas que venden
 * incluyen garantía de hogar?"), with no order and without asking for homes ("do you have…",
 * "busco…"); and with no criterion, sale type or status unless it asks what the brokerage
 * charges ("do you charge extra for parking at the duplexes?": the homes are the charge's
 * condition) or a service it gives owners, with no price nor bedrooms ("do you manage condo
 * associations?"). A listing search could read nothing of it but "homes": the knowledge answers
 * it, or the honest no-answer does.
 */
export function asksOfTheBrokerage(p: ReturnType<typeof parseQuestion>, norm: string): boolean {
  const homes = Boolean(p.wants.types) || SEARCH_WORDS_RE.test(norm.replace(OWN_HOME_RE, ' '));
  if (!homes || !ADDRESSED_RE.test(norm) || REQUEST_RE.test(norm)) return false;
  const fee = AGENCY_FEE_RE.test(norm);
  const service =
    AGENCY_SERVICE_RE.test(norm) && (p.minBedrooms ?? p.maxBedrooms ?? p.minPrice ?? p.maxPrice) === undefined;
  if (!fee && !service && (criteriaOf(p).concrete || SALE_TYPE_ASKED_RE.test(norm) || p.status)) return false;
  if (p.wants.sort) return false;
  // Words the question holds that are no criterion, no place word and nothing said to the brokerage.
  return p.cityCandidates.some((w) => !w.includes(' ') && !ADDRESSED_RE.test(normalize(w)));
}

/** A home named in the singular: a search only with a place of the listings or an order. */
const HOME_WORD_RE = conceptRe((v) => v.homeSingular);

/**
 * The sentences that ask, asking something of their own that is no home: who, what, how much,
 * how, when or where, in two words or more the listing search cannot read ("who is supposed to
 * take care of the lawn?", "¿qué documentos tiene que presentar?"), with no criterion, no home,
 * no order and no request for homes ("what do you have?", "what would you recommend?" ask for
 * the homes told).
 */
export function asksSomethingElse(p: ReturnType<typeof parseQuestion>, norm: string): boolean {
  if (!(ASKS_ABOUT_RE.test(norm) || ASKS_HOW_RE.test(norm)) || !namesNoHomes(p, norm)) return false;
  return p.cityCandidates.filter((w) => !w.includes(' ') && !ADDRESSED_RE.test(w)).length >= 2;
}

/** Words that ask for or of no homes: no request, home, criterion, order or sale type. */
function namesNoHomes(p: ReturnType<typeof parseQuestion>, norm: string): boolean {
  if (REQUEST_RE.test(norm) || SEARCH_WORDS_RE.test(norm) || HOME_WORD_RE.test(norm)) return false;
  return !(criteriaOf(p).any || p.wants.sort || SALE_TYPE_ASKED_RE.test(norm));
}

/**
 * The sentences that ask, after a message that tells of homes without bounding them (no bedrooms,
 * price, area or year) and without a request for them, ask nothing of homes: no criterion, home,
 * order or sale type in them, in three words or more ("…until he finds his own apartment. he's
 * not on my lease, is that ok?", "…want to sublet my apartment to a grad student while I'm gone.
 * am I allowed to do that?"). The homes of the story make no search; "3 bed condo under 300k.
 * anything?", "We want a 3 bedroom house in Austin. What would you recommend?" and "I'm looking
 * for a condo. Is that possible?" still do.
 */
export function asksAfterStory(
  p: ReturnType<typeof parseQuestion>,
  norm: string,
  whole: { p: ReturnType<typeof parseQuestion>; norm: string },
): boolean {
  if (REQUEST_RE.test(whole.norm) || boundsOf(whole.p) !== undefined || !namesNoHomes(p, norm)) return false;
  return norm.split(' ').filter(Boolean).length >= 3;
}

/** The first bound a question sets on the homes (bedrooms, bathrooms, price, area, lot, year, HOA). */
function boundsOf(p: ReturnType<typeof parseQuestion>) {
  const w = p.wants;
  return (
    p.minBedrooms ??
    p.maxBedrooms ??
    p.minBathrooms ??
    p.maxBathrooms ??
    p.minPrice ??
    p.maxPrice ??
    w.minArea ??
    w.maxArea ??
    w.minLot ??
    w.maxLot ??
    w.minYear ??
    w.maxYear ??
    w.maxHoa ??
    (w.noHoa ? 0 : undefined)
  );
}

/**
 * Whether a question is a listing search by its evidence, whatever the knowledge says: it names
 * a listing (an MLS number, an address, a link); it bounds what it wants (bedrooms, a price, an
 * area, a year, an HOA), unless about the visitor's own home ("my house… around 450k"); it asks
 * for homes (a type, "rentals", "for sale") with features or an order ("homes with a pool",
 * "cheapest rental") without asking the brokerage anything ("do you allow pets in your
 * rentals?" is a policy), or in a city the listings are in; or, after a search, it names
 * another city of the listings ("what about Tampa?"). A knowledge text sharing these words
 * ("condos with a pool in Tampa") is no answer to a search.
 */
export async function searchByEvidence(
  p: ReturnType<typeof parseQuestion>,
  r: Resolved,
  norm: string,
  listings: ListingSearch,
  afterSearch: boolean,
): Promise<boolean> {
  if (r.named.length > 0) return true;
  const w = p.wants;
  const own = new RegExp(OWN_HOME_RE.source).test(norm);
  const bounded = boundsOf(p) !== undefined;
  if (bounded && !own && !ASKS_ABOUT_RE.test(norm) && !AGENCY_FEE_RE.test(norm)) return true;
  const others = norm.replace(OWN_HOME_RE, ' ');
  const homes =
    Boolean(w.types || w.notTypes || p.status) || SEARCH_WORDS_RE.test(others) || SALE_TYPE_ASKED_RE.test(norm);
  const anyHome = homes || HOME_WORD_RE.test(others);
  const features = w.features.length > 0 || w.notFeatures.length > 0;
  if (anyHome && w.sort) return true;
  if (homes && features && !p.yesNo && !ADDRESSED_RE.test(norm)) return true;
  if (!r.city || !(anyHome || afterSearch)) return false;
  return (await listings.count({ city: r.city })) > 0;
}
