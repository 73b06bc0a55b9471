// The builtin answer engine: offline and deterministic. One turn of a conversation:
// instructions smuggled into the message are dropped; contact details become a lead;
// small talk gets a short answer; a fair-housing request is declined for that part;
// questions no listing can answer get the honest no-answer; then the question is read
// (parse.ts), its names checked against the chatbot's listings (resolve.ts), and read with
// the conversation so far (conversation.ts): "the second one", "it", "show me more",
// "cheaper ones?", "what about Tampa?".
import { DEFAULT_SETTINGS } from '../../chatbots/index.ts';
import type { Listing, ListingFilter } from '../../listings/index.ts';
import { askingPart } from '../asking-part.ts';
import type { AnswerEngine, AnswerOutcome, AnswerRequest, KnowledgeHit } from '../engine.ts';
import {
  averageAnswer,
  compareAnswer,
  countAnswer,
  detailAnswer,
  type Lang,
  type Say,
  SHOWN,
  searchAnswer,
} from './answers.ts';
import { splitCompound } from './compound.ts';
import { contactOf, looksLikePhone } from './contact.ts';
import { type ConversationState, loadState, saveState } from './conversation.ts';
import { fairHousingOf } from './fair-housing.ts';
import { unanswerableTopicOf } from './honesty.ts';
import { answerLanguage, textsFor } from './i18n/index.ts';
import { talkFor } from './i18n/talk.ts';
import { detectLanguage, HUMAN_RE, normalize } from './lexicon.ts';
import { type ParsedQuestion, parseQuestion } from './parse.ts';
import { clean, filterOf, refine, resolve } from './resolve.ts';
import { smallTalkOf, withoutInjection } from './small-talk.ts';

interface Turn {
  answered: boolean;
  listings: Listing[];
}

const done = (answered: boolean, listings: Listing[] = []): Turn => ({ answered, listings });

async function byIds(req: AnswerRequest, ids: number[]): Promise<Listing[]> {
  if (!ids.length) return [];
  const { listings } = await req.listings.search({ ids }, { sort: 'Newest', offset: 0, limit: ids.length });
  return ids.map((id) => listings.find((l) => l.id === id)).filter((l): l is Listing => l !== undefined);
}

/** A follow-up of the last search rather than a new one. */
function continues(p: ParsedQuestion, state: ConversationState, namesCity: boolean): boolean {
  if (!state.search) return false;
  const text = normalize(p.original).replace(/^[¿¡\s]+/, '');
  const cue =
    /^(what about|how about|and|also|only|just|with|without|at least|at most|under|over|but|same|y|o|solo|con|sin|et|avec|sans|seulement|que)\b/.test(
      text,
    );
  if (p.ref.them || p.ref.more) return true;
  // "Tampa?", "and in Portland?": another city, the same search.
  if (namesCity) return cue || p.wordCount <= 3;
  return cue || p.shortFollowUp;
}

async function leadTurn(req: AnswerRequest, l: Lang, say: Say, original: string): Promise<Turn | null> {
  const { contact } = contactOf(original);
  if (!contact) {
    if (looksLikePhone(original)) {
      say(l.talk.askContactAgain);
      return done(true);
    }
    return null;
  }
  if (contact.invalid && !contact.phone && !contact.email) {
    say(l.talk.askContactAgain);
    return done(true);
  }
  if (!contact.name) {
    say(l.talk.askName);
    return done(true);
  }
  if (!req.talkToHuman) {
    say(l.t.human);
    return done(false);
  }
  const confirmation = await req.talkToHuman({
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    message: original.slice(0, 2000),
  });
  // The brokerage's own TalkToHumanResponseMessage; its default is English, so in another
  // language the engine says the same in the visitor's words.
  const own = req.chatbot.settings.TalkToHumanResponseMessage;
  const custom = own && own !== DEFAULT_SETTINGS.TalkToHumanResponseMessage ? own : '';
  say(
    custom || (confirmation !== DEFAULT_SETTINGS.TalkToHumanResponseMessage ? confirmation : '') || l.talk.leadRecorded,
  );
  return done(true);
}

/** Share of a question's words a knowledge passage must hold to answer it whatever it reads like. */
const EXACT_COVERAGE = 0.9;
/** …to answer a question with no listing criteria before any search. */
const STRONG_COVERAGE = 0.6;
/** …and where the engine would otherwise have to say it cannot answer. */
const FALLBACK_COVERAGE = 0.5;
/** …for a question without listing criteria to be about the brokerage rather than homes. */
const NEAR_COVERAGE = 0.34;
/** Words that make a question a listing search whatever else it says. */
const SEARCH_WORDS_RE =
  /\b(homes|houses|listings|properties|rentals|condos|apartments|townhouses|casas|propiedades|maisons|biens|logements|appartements)\b/;

/** The visitor's own home, which a question about selling or valuing it names. */
const OWN_HOME_RE =
  /\b(my|our|mi|nuestra|ma|notre) (house|home|casa|maison|propiedad|property|propriete|condo|apartment)\b/g;

/** "for sale", "to rent"…: a sale type the visitor asked for, not one read into "buyers" or "rent". */
const SALE_TYPE_ASKED_RE =
  /\b(for sale|for rent|to rent|to buy|on the market|en venta|en renta|se vende|se renta|a vendre|a louer)\b/;

/** The listing criteria a question carries. */
function criteriaOf(p: ReturnType<typeof parseQuestion>) {
  const w = p.wants;
  const bounds =
    Boolean(p.minBedrooms ?? p.maxBedrooms ?? p.minBathrooms ?? p.minPrice ?? p.maxPrice) ||
    Boolean(w.notTypes || w.minArea || w.maxArea || w.minYear || w.maxYear || w.maxHoa !== undefined || w.noHoa);
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
function knowledgeOf(req: AnswerRequest) {
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

async function answerTurn(req: AnswerRequest, state: ConversationState, say: Say): Promise<Turn> {
  const settings = req.chatbot.settings;
  const { text: original, injected } = withoutInjection(req.question.content);
  const lang = answerLanguage(settings.AIResponseLanguage, detectLanguage(original || req.question.content));
  const l: Lang = { t: textsFor(lang), talk: talkFor(lang) };
  if (req.question.askType !== 'Text') {
    say(l.t.media(req.question.askType));
    return done(false);
  }
  if (!original.trim()) {
    say(injected ? l.talk.injection : l.t.help);
    return done(true);
  }
  const lead = await leadTurn(req, l, say, original);
  if (lead) return lead;

  const norm = normalize(original).replace(/\s+/g, ' ').trim();
  const small = smallTalkOf(norm);
  if (small === 'whoAmI') {
    say(l.talk.whoAmI(settings.Name));
    return done(true);
  }
  if (small === 'bye') {
    say(l.talk.bye);
    return done(true);
  }
  const fair = fairHousingOf(norm);
  const p = parseQuestion(fair ? fair.rest : original);
  const criteria = criteriaOf(p);
  if (p.intent === 'greeting') {
    say(settings.WelcomeMessage || l.t.welcome);
    return done(true);
  }
  if (p.intent === 'thanks' || p.intent === 'help') {
    say(p.intent === 'thanks' ? l.t.thanks : l.t.help);
    return done(true);
  }
  // The brokerage's own knowledge answers a question about the brokerage (no listing criteria,
  // no reference to listings shown) when a passage holds most of its words.
  const near = knowledgeOf(req);
  const knowsText = async (text: string, min: number) => {
    const hit = await near(text, min);
    return hit?.unnamed ? null : hit;
  };
  const knows = (min: number) => knowsText(original, min);
  const fromKnowledge = (hit: KnowledgeHit) => {
    say(`${hit.text}\n${l.t.knowledgeSource(hit.source)}`);
    return done(true);
  };
  // What the message asks, when it also tells ("we're putting our place in Oro Valley on the
  // market… does anyone on your team help with staging?"): the asking part decides whether it
  // is about homes, the brokerage or a person.
  const asking = askingPart(original);
  const askNorm = asking ? normalize(asking) : norm;
  const askCriteria = asking ? criteriaOf(parseQuestion(asking)) : criteria;
  if (HUMAN_RE.test(norm)) {
    // "dónde está su oficina? quiero pasar a hablar con alguien": the question is answered.
    const hit = asking && !HUMAN_RE.test(askNorm) ? await knows(STRONG_COVERAGE) : null;
    if (hit) return fromKnowledge(hit);
    say(l.t.human);
    return done(true);
  }
  // A detail question ("what's the HOA fee?") right after listings were shown is about them.
  const followsListings =
    (p.fields.length > 0 || p.yesNo !== undefined) && (state.about !== undefined || state.shown.length > 0);
  // "The first one", "it", "more": about listings only when some were shown ("first-time
  // buyers" before any list is not a reference).
  const shownAny = state.about !== undefined || state.shown.length > 0;
  const aboutShown =
    followsListings ||
    Boolean(p.compare) ||
    (shownAny && (p.ref.position !== undefined || p.ref.more || p.ref.it || p.ref.them));
  // A passage or Q&A entry holding (nearly) every word of the question answers it even when
  // the question reads like a search ("do you charge buyers a fee?", "do you take pets?").
  if (!aboutShown) {
    const hit = await knows(EXACT_COVERAGE);
    if (hit) return fromKnowledge(hit);
  }
  // A question with no listing criteria is about the brokerage when a passage holds most of
  // it; one that names homes ("rentals", "houses") only when its other words are in the
  // knowledge too ("do you have rentals?" is a search, "can I keep a dog in your rentals?" not).
  // "my house", "mi casa", "ma maison": the visitor's own home (its value, its sale), not a search.
  const searchWords = SEARCH_WORDS_RE.test(norm.replace(OWN_HOME_RE, ' '));
  const askSearchWords = SEARCH_WORDS_RE.test(askNorm.replace(OWN_HOME_RE, ' '));
  if (!aboutShown && !askCriteria.concrete && !SALE_TYPE_ASKED_RE.test(askNorm)) {
    const hit = await knows(STRONG_COVERAGE);
    const rest = askSearchWords ? askNorm.replace(new RegExp(SEARCH_WORDS_RE.source, 'g'), ' ') : '';
    if (hit && (!askSearchWords || (await knowsText(rest, 0.01)))) return fromKnowledge(hit);
  }
  const topic = unanswerableTopicOf(norm);
  if (topic) {
    const hit = await knows(FALLBACK_COVERAGE);
    if (hit) return fromKnowledge(hit);
    say(l.talk.cannotAnswer(topic));
    return done(false);
  }
  if (p.wants.unknownFeatures.length) {
    say(l.talk.cannotCheck(p.wants.unknownFeatures));
    return done(false);
  }
  if (fair) say(l.talk.fairHousing);

  const r = await resolve(p, req.listings);
  // Two listings compared by name.
  if (p.compare && r.named.length >= 2 && r.named[0] && r.named[1]) {
    return done(true, compareAnswer(p.compare, r.named[0], r.named[1], l, say));
  }
  if (r.named.length) {
    detailAnswer(p.fields, p.yesNo, r.named, l, say);
    return done(true, r.named);
  }
  // A listing of the last answer by position, or the one the conversation is about.
  const asksDetail = p.fields.length > 0 || p.yesNo !== undefined;
  if (p.ref.position !== undefined && !p.ref.more) {
    const pos = p.ref.position === -1 ? state.shown.length : p.ref.position;
    const id = state.shown[pos - 1];
    if (id === undefined) {
      say(state.shown.length ? l.talk.refPastEnd(state.shown.length) : l.talk.noEarlierList);
      return done(true);
    }
    const named = await byIds(req, [id]);
    detailAnswer(p.fields, p.yesNo, named, l, say);
    return done(true, named);
  }
  const about = state.about ?? state.shown[0];
  const searchy =
    r.city ||
    p.saleType ||
    p.wants.types ||
    p.wants.sort ||
    /\b(homes|houses|listings|properties|rentals|condos|apartments|townhouses|casas|propiedades|maisons|biens|logements)\b/.test(
      norm,
    );
  const aboutTurn =
    !p.ref.them &&
    !p.ref.more &&
    !r.city &&
    (p.ref.it || p.yesNo !== undefined || (asksDetail && !criteria.search && !searchy));
  if (aboutTurn && about !== undefined) {
    const named = await byIds(req, [about]);
    if (named.length) {
      detailAnswer(p.fields, p.yesNo, named, l, say);
      return done(true, named);
    }
  }
  // "show me more": the next page of the last search.
  if (p.ref.more && state.search) {
    const page = await searchAnswer(state.search.filter, state.search.sort, req.listings, l, say, state.seen);
    return done(true, page);
  }
  const own = filterOf(p, r);
  const follows = continues(p, state, Boolean(r.city));
  // A place named in a count of something else ("how many reviews on Google?") is no city.
  const city = p.countsOther ? undefined : r.city;
  if (!follows && (p.offTopicWords || !(p.aboutHomes || city || fair))) {
    const hit = city ? null : await knows(FALLBACK_COVERAGE);
    if (hit) return fromKnowledge(hit);
    say(l.t.offTopic);
    return done(false);
  }
  // Read as a search only for a word like "buyers" or a place no listing is in: when the
  // knowledge answers, that is what was asked.
  const wantsHomes =
    criteria.concrete || searchWords || SALE_TYPE_ASKED_RE.test(norm) || r.city || p.wants.sort || fair;
  if (!follows && !wantsHomes) {
    const hit = await knows(FALLBACK_COVERAGE);
    if (hit) return fromKnowledge(hit);
    // About the brokerage (the knowledge shares its words) without an answer in it: the
    // honest no-answer.
    if (await near(original, NEAR_COVERAGE)) {
      say(l.t.offTopic);
      return done(false);
    }
  }
  // A place named beside the brokerage's words ("are you opening an office in Boulder?") is
  // not a search for homes there when the knowledge shares the rest but not the place.
  if (!follows && !searchWords && !criteria.concrete && !SALE_TYPE_ASKED_RE.test(norm)) {
    const hit = await near(original, NEAR_COVERAGE);
    if (hit?.unnamed) {
      say(l.t.offTopic);
      return done(false);
    }
  }
  const search = follows && state.search ? state.search : undefined;
  const filter: ListingFilter = search ? refine(search.filter, own, p) : clean(own);
  const sort = p.wants.sort ?? (search && !p.ref.them ? search.sort : 'Newest');
  const intent = p.intent === 'average' ? 'average' : p.intent === 'count' ? 'count' : 'search';
  // A search that no listing matches ("can I keep a dog in your rentals?"): the knowledge
  // answers it if it can, rather than "no homes found".
  // (With criteria of its own, only a passage holding most of it: "land or ranches? whom do I
  // contact?" when no land is listed.)
  if (!follows && !r.city) {
    const hit = await knows(criteria.concrete ? STRONG_COVERAGE : FALLBACK_COVERAGE);
    if (hit && (await req.listings.count(filter)) === 0) return fromKnowledge(hit);
  }
  state.search = { filter, sort, intent };
  state.seen = [];
  if (intent === 'average') {
    await averageAnswer(filter, req.listings, l, say);
    return done(true);
  }
  if (intent === 'count') {
    await countAnswer(filter, req.listings, l, say);
    return done(true);
  }
  return done(true, await searchAnswer(filter, sort, req.listings, l, say));
}

/** A part of a question that asks for homes (criteria, or words like "homes", "condos"). */
/**
 * A part that asks for homes: listing criteria, or words like "homes" (a sale type alone is not:
 * "una queja sobre mi compra. ¿A qué correo la mando?" is one question about the brokerage).
 */
function asksForHomes(part: string): boolean {
  return criteriaOf(parseQuestion(part)).concrete || SEARCH_WORDS_RE.test(normalize(part));
}

/**
 * A question about homes and about the brokerage at once: the homes part is answered as a
 * turn of its own, and the other part from the knowledge, in the order they were asked.
 * Anything else is one turn.
 */
async function compoundTurn(req: AnswerRequest, state: ConversationState, say: Say): Promise<Turn> {
  const { text } = withoutInjection(req.question.content);
  const parts = req.knowledge && req.question.askType === 'Text' ? splitCompound(text) : null;
  if (parts) {
    for (const [homes, about] of [parts, [parts[1], parts[0]]] as const) {
      // Two searches joined ("3 bedroom homes in Austin and what about 2 bedrooms?") are one.
      if (!asksForHomes(homes) || asksForHomes(about)) continue;
      // "Vous vendez aussi des terrains ? qui faut-il contacter ?": when the knowledge answers
      // the homes part itself (every word of it, "3-bed" included), the second part asks about
      // that answer; one turn answers both.
      const own = await req.knowledge?.(homes, EXACT_COVERAGE);
      if (own && !own.unnamed && own.unheld === 0) break;
      const hit = await req.knowledge?.(about, STRONG_COVERAGE);
      if (!hit || hit.unnamed) continue;
      const lang = answerLanguage(req.chatbot.settings.AIResponseLanguage, detectLanguage(text));
      const knowledge = () => say(`${hit.text}\n${textsFor(lang).knowledgeSource(hit.source)}`);
      if (about === parts[0]) knowledge();
      const turn = await answerTurn({ ...req, question: { ...req.question, content: homes } }, state, say);
      if (about === parts[1]) knowledge();
      return turn;
    }
  }
  return answerTurn(req, state, say);
}

export function createBuiltinEngine(): AnswerEngine {
  return {
    name: 'builtin',
    async answer(req: AnswerRequest, onText: (fragment: string) => void): Promise<AnswerOutcome> {
      // Fragments go out as each line is ready; a line break starts every line but the first.
      let lines = 0;
      const say: Say = (line) => {
        if (req.signal.aborted || !line) return;
        onText(lines++ === 0 ? line : `\n${line}`);
      };
      const state = await loadState(req.conversation);
      const turn = await compoundTurn(req, state, say);
      if (turn.listings.length) {
        const ids = turn.listings.map((x) => x.id);
        state.shown = ids.slice(0, SHOWN * 2);
        state.seen = [...state.seen, ...ids];
        state.about = ids[0];
      }
      await saveState(req.conversation, state);
      return { noAnswer: !turn.answered, listings: turn.listings };
    },
  };
}
