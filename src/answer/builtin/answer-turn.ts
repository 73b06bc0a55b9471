// One turn of the builtin engine: named steps, in order, over what the turn reads once. The
// first step that answers ends the turn. Instructions smuggled into the message are dropped; a
// showing (tour-turn.ts) or contact details (lead-turn.ts) are taken; small talk gets a short
// answer; a fair-housing request is declined for that part; the knowledge answers what is about
// the brokerage (routing.ts); questions no listing can answer get the honest no-answer; then the
// question's names are checked against the chatbot's listings (resolve.ts) and read with the
// conversation so far (follow-up.ts): "the second one", "it", "show me more", "cheaper ones?".
//
// What the steps read, each computed once: the context (the message, its language, its
// normalised text), what the message says (parse.ts), what it asks (the asking part, its
// names, the evidence for a search) and, last, the search it continues or starts.
import type { ListingFilter } from '../../listings/index.ts';
import { askingPart } from '../asking-part.ts';
import type { AnswerRequest, KnowledgeHit } from '../engine.ts';
import { averageAnswer, countAnswer, type Lang, type Say, searchAnswer } from './answers.ts';
import type { ConversationState } from './conversation.ts';
import { fairHousingOf } from './fair-housing.ts';
import { aboutListingsTurn, continues } from './follow-up.ts';
import { onTopic, sentencesNaming, unanswerableTopicOf } from './honesty.ts';
import { answerLanguage, talkFor, textsFor } from './i18n/index.ts';
import { leadTurn } from './lead-turn.ts';
import { detectLanguage, HUMAN_RE, normalize, OWN_HOME_RE, SELL_RE } from './lexicon.ts';
import { type ParsedQuestion, parseQuestion } from './parse.ts';
import { clean, filterOf, type Resolved, refine, resolve } from './resolve.ts';
import {
  AGENCY_FEE_RE,
  asksAfterStory,
  asksOfTheBrokerage,
  asksSomethingElse,
  criteriaOf,
  EXACT_COVERAGE,
  FALLBACK_COVERAGE,
  knowledgeOf,
  NEAR_COVERAGE,
  SALE_TYPE_ASKED_RE,
  SEARCH_WORDS_RE,
  STRONG_COVERAGE,
  searchByEvidence,
} from './routing.ts';
import { smallTalkOf, withoutInjection } from './small-talk.ts';
import { tourTurn } from './tour-turn.ts';
import { done, type Turn } from './turn.ts';

/** A step answers (a turn) or passes to the next (undefined). */
interface Step<C> {
  name: string;
  run: (c: C) => Turn | undefined | Promise<Turn | undefined>;
}

async function firstAnswer<C>(steps: Step<C>[], c: C): Promise<Turn | undefined> {
  for (const step of steps) {
    const turn = await step.run(c);
    if (turn) return turn;
  }
  return undefined;
}

/** The message, its language and the texts to answer in. */
interface Context {
  req: AnswerRequest;
  state: ConversationState;
  say: Say;
  /** The message without instructions smuggled into it. */
  original: string;
  injected: boolean;
  /** The answer's language. */
  lang: ReturnType<typeof answerLanguage>;
  l: Lang;
  /** Lower case, accents stripped, single spaces. */
  norm: string;
}

function contextOf(req: AnswerRequest, state: ConversationState, say: Say): Context {
  const { text: original, injected } = withoutInjection(req.question.content);
  // Under Auto, a message that shows no language ("Tampa?") is in the conversation's.
  const questionLang = detectLanguage(original || req.question.content, state.lang);
  state.lang = questionLang;
  const lang = answerLanguage(req.chatbot.settings.AIResponseLanguage, questionLang);
  const norm = normalize(original).replace(/\s+/g, ' ').trim();
  return { req, state, say, original, injected, lang, l: { t: textsFor(lang), talk: talkFor(lang) }, norm };
}

const OPENING: Step<Context>[] = [
  {
    name: 'media',
    run: ({ req, l, say }) => {
      if (req.question.askType === 'Text') return undefined;
      say(l.t.media(req.question.askType));
      return done(false);
    },
  },
  {
    name: 'empty',
    run: ({ original, injected, l, say }) => {
      if (original.trim()) return undefined;
      say(injected ? l.talk.injection : l.t.help);
      return done(true);
    },
  },
  { name: 'tour', run: async (c) => (await tourTurn(c.req, c.state, c.say, c.original, c.lang)) ?? undefined },
  { name: 'lead', run: async (c) => (await leadTurn(c.req, c.l, c.say, c.original, c.state, c.lang)) ?? undefined },
  {
    name: 'smallTalk',
    run: ({ req, norm, l, say }) => {
      const small = smallTalkOf(norm);
      if (small === 'whoAmI') say(l.talk.whoAmI(req.chatbot.settings.Name));
      else if (small === 'bye') say(l.talk.bye);
      else return undefined;
      return done(true);
    },
  },
];

/** What the message says: its fair-housing part set aside, its criteria. */
interface Told extends Context {
  fair: ReturnType<typeof fairHousingOf>;
  p: ParsedQuestion;
  criteria: ReturnType<typeof criteriaOf>;
}

function toldOf(c: Context): Told {
  const fair = fairHousingOf(c.norm);
  const p = parseQuestion(fair ? fair.rest : c.original);
  return { ...c, fair, p, criteria: criteriaOf(p) };
}

const COURTESIES: Step<Told>[] = [
  {
    name: 'greeting',
    run: ({ p, req, l, say }) => {
      if (p.intent !== 'greeting') return undefined;
      // A welcome the brokerage wrote is said as written; the default one (the English welcome)
      // in the answer's language.
      const own = req.chatbot.settings.WelcomeMessage;
      say(own && own !== textsFor('en').welcome ? own : l.t.welcome);
      return done(true);
    },
  },
  {
    name: 'thanksOrHelp',
    run: ({ p, l, say }) => {
      if (p.intent !== 'thanks' && p.intent !== 'help') return undefined;
      say(p.intent === 'thanks' ? l.t.thanks : l.t.help);
      return done(true);
    },
  },
];

/**
 * What the message asks, when it also tells ("we're putting our place in Oro Valley on the
 * market… does anyone on your team help with staging?"): the asking part decides whether it is
 * about homes, the brokerage or a person. With the names checked against the listings, the
 * evidence for a search, and the knowledge's answers.
 */
interface Asked extends Told {
  asking: string | null;
  askNorm: string;
  askCriteria: ReturnType<typeof criteriaOf>;
  askP: ParsedQuestion;
  r: Resolved;
  askR: Resolved;
  /**
   * A price beside the brokerage's fee ("¿la comisión es menor para casas de más de un
   * millón?") is the fee's condition: the question is about the brokerage all the same.
   */
  feeAsked: boolean;
  near: ReturnType<typeof knowledgeOf>;
  /** A topic no listing answers (schools, insurance…). */
  topic: ReturnType<typeof unanswerableTopicOf>;
  knowsText: (text: string, min: number) => Promise<KnowledgeHit | null>;
  knows: (min: number) => Promise<KnowledgeHit | null>;
  /**
   * The passage holding (nearly) every word of the question that the knowledge holds, two or
   * more, even when the question names something it does not: for a search no listing matches.
   */
  knowsAllHeld: () => Promise<KnowledgeHit | null>;
  /**
   * The passage answering the message's last clause when it asks after a comma and what comes
   * before tells ("se eu deixar recado depois do expediente, que horas vocês retornam?"), when
   * the clause asks two things or more.
   */
  knowsClause: (min: number) => Promise<KnowledgeHit | null>;
  /** About listings shown: "the first one", "it", "more", a detail right after a list. */
  aboutShown: boolean;
  /** Words for homes ("rentals", "houses"), not the visitor's own home. */
  searchWords: boolean;
  askSearchWords: boolean;
}

/** A comma before a last clause that asks ("…, que horas vocês retornam?"). */
const COMMA_BEFORE_ASKING_RE = /,(?=[^,.!?]*\?\s*$)/;

/**
 * The last clause of a message when it asks after a comma and what comes before does not ask
 * (a condition or what the visitor tells: "if I leave a message after hours, when do you call
 * back?"): the asking part of the message with that comma read as a sentence's end.
 */
function askingClause(text: string): string | null {
  return COMMA_BEFORE_ASKING_RE.test(text) ? askingPart(text.replace(COMMA_BEFORE_ASKING_RE, '.')) : null;
}

async function askedOf(c: Told): Promise<Asked> {
  const { req, state, original, norm, p, criteria } = c;
  const asking = askingPart(original);
  const askNorm = asking ? normalize(asking) : norm;
  const askP = asking ? parseQuestion(asking) : p;
  const askCriteria = asking ? criteriaOf(askP) : criteria;
  const r = await resolve(p, req.listings);
  const askR = asking ? await resolve(askP, req.listings) : r;
  // The brokerage's own knowledge answers a question about the brokerage (no listing criteria,
  // no reference to listings shown) when a passage holds most of its words; never a listing
  // search (routing.ts: searchByEvidence), whatever words the knowledge shares with it.
  const listingSearch = await searchByEvidence(askP, askR, askNorm, req.listings, state.search !== undefined);
  const near = listingSearch ? async () => null : knowledgeOf(req);
  // A question on a topic no listing answers is answered only by a passage about that topic
  // ("renter's insurance"), not by one sharing its other words ("neighborhoods" for "which
  // Nashville neighborhoods have the best schools?", a management fee for "how much is home
  // insurance in Round Rock?"), even when another passage holds the topic's word. The whole
  // passage says what it is about: "a pre-approval letter is normally good for 90 days" answers
  // how long the one a lender gives lasts.
  const topic = unanswerableTopicOf(norm);
  const isOnTopic = (hit: KnowledgeHit) => topic !== null && onTopic(normalize(hit.passage), topic, norm);
  const knowsText = async (text: string, min: number, unnamedToo = false) => {
    let hit = await near(text, min);
    // Not about the topic: the sentences naming it may be ("do i need renters insurance to move
    // in? we have a big lab mix if that changes anything").
    if (hit && topic && !isOnTopic(hit)) {
      const naming = sentencesNaming(text, topic);
      hit = naming ? await near(naming, min) : null;
      if (hit && !isOnTopic(hit)) return null;
    }
    return hit?.unnamed && !unnamedToo ? null : hit;
  };
  const knowsAllHeld = async () => {
    const hit = await knowsText(original, EXACT_COVERAGE, true);
    return hit && hit.asked - hit.unheld >= 2 ? hit : null;
  };
  // A detail question ("what's the HOA fee?") right after listings were shown is about them.
  const shownAny = state.about !== undefined || state.shown.length > 0;
  const followsListings = (p.fields.length > 0 || p.yesNo !== undefined) && shownAny;
  // "The first one", "it", "more": about listings only when some were shown ("first-time
  // buyers" before any list is not a reference).
  const aboutShown =
    followsListings ||
    Boolean(p.compare) ||
    (shownAny && (p.ref.position !== undefined || p.ref.more || p.ref.it || p.ref.them));
  // "my house", "mi casa", "ma maison": the visitor's own home (its value, its sale), not a search.
  return {
    ...c,
    asking,
    askNorm,
    askCriteria,
    askP,
    r,
    askR,
    feeAsked: AGENCY_FEE_RE.test(askNorm) && !listingSearch,
    near,
    topic,
    knowsText,
    knows: (min) => knowsText(original, min),
    knowsAllHeld,
    knowsClause: async (min) => {
      const clause = askingClause(original);
      const hit = clause ? await knowsText(clause, min) : null;
      return hit && hit.asked >= 2 ? hit : null;
    },
    aboutShown,
    searchWords: SEARCH_WORDS_RE.test(norm.replace(OWN_HOME_RE, ' ')),
    askSearchWords: SEARCH_WORDS_RE.test(askNorm.replace(OWN_HOME_RE, ' ')),
  };
}

/** The passage that answers, with its source. */
function fromKnowledge({ say, l }: Context, hit: KnowledgeHit): Turn {
  say(`${hit.text}\n${l.t.knowledgeSource(hit.source)}`);
  return done(true);
}

/** The knowledge's answer when it has one (`hit`), else `text`, answered or not as `answered`. */
function knowledgeOr(c: Context, hit: KnowledgeHit | null, text: string, answered: boolean): Turn {
  if (hit) return fromKnowledge(c, hit);
  c.say(text);
  return done(answered);
}

const BEFORE_LISTINGS: Step<Asked>[] = [
  {
    name: 'person',
    run: async (c) => {
      if (!HUMAN_RE.test(c.norm)) return undefined;
      // "dónde está su oficina? quiero pasar a hablar con alguien", "is there a number he can
      // call to talk to someone in spanish": the question is answered, by the passage holding
      // the message or, failing that, by the one holding the sentences that ask when they ask
      // for no person (the others do, in words no passage need hold).
      const hit =
        (await c.knows(STRONG_COVERAGE)) ??
        (c.asking && !HUMAN_RE.test(c.askNorm) ? await c.knowsText(c.asking, STRONG_COVERAGE) : null);
      return knowledgeOr(c, hit, c.l.t.human, true);
    },
  },
  {
    // "How can I sell my apartment with you?": a seller, whom a person helps, not a search
    // (unless the brokerage's knowledge says how).
    name: 'seller',
    run: async (c) => {
      if (!SELL_RE.test(c.norm) || !new RegExp(OWN_HOME_RE.source).test(c.norm) || c.criteria.concrete)
        return undefined;
      const hit = await c.knows(STRONG_COVERAGE);
      return knowledgeOr(c, hit, c.l.t.human, true);
    },
  },
  {
    // A passage or Q&A entry holding (nearly) every word of the question answers it even when
    // the question reads like a search ("do you charge buyers a fee?", "do you take pets?").
    name: 'knowledgeHoldsAll',
    run: async (c) => {
      if (c.aboutShown) return undefined;
      const hit = await c.knows(EXACT_COVERAGE);
      return hit ? fromKnowledge(c, hit) : undefined;
    },
  },
  {
    // A question with no listing criteria is about the brokerage when a passage holds most of
    // it; one that names homes ("rentals", "houses") only when its other words are in the
    // knowledge too ("do you have rentals?" is a search, "can I keep a dog in your rentals?" not).
    name: 'knowledgeHoldsMost',
    run: async (c) => {
      if (c.aboutShown || (c.askCriteria.concrete && !c.feeAsked) || SALE_TYPE_ASKED_RE.test(c.askNorm)) {
        return undefined;
      }
      const hit = await c.knows(STRONG_COVERAGE);
      const rest = c.askSearchWords ? c.askNorm.replace(new RegExp(SEARCH_WORDS_RE.source, 'g'), ' ') : '';
      if (hit && (!c.askSearchWords || (await c.knowsText(rest, 0.01)))) return fromKnowledge(c, hit);
      return undefined;
    },
  },
  {
    name: 'topicNoListingAnswers',
    run: async (c) => {
      if (!c.topic) return undefined;
      const hit = await c.knows(FALLBACK_COVERAGE);
      return knowledgeOr(c, hit, c.l.talk.cannotAnswer(c.topic), false);
    },
  },
  {
    // A feature no listing records ("a hot tub") may be what the brokerage's knowledge is about
    // ("do I need a separate inspection for the pool and hot tub?").
    name: 'unknownFeatures',
    run: async (c) => {
      if (!c.p.wants.unknownFeatures.length) return undefined;
      const hit = await c.knows(FALLBACK_COVERAGE);
      return knowledgeOr(c, hit, c.l.talk.cannotCheck(c.p.wants.unknownFeatures), false);
    },
  },
  {
    // Said, and the rest of the message answered.
    name: 'fairHousing',
    run: ({ fair, l, say }) => {
      if (fair) say(l.talk.fairHousing);
      return undefined;
    },
  },
  {
    name: 'aboutShownListings',
    run: async (c) =>
      (await aboutListingsTurn(
        c.req,
        c.state,
        { p: c.p, r: c.r, searchCriteria: c.criteria.search, norm: c.norm },
        c.l,
        c.say,
      )) ?? undefined,
  },
];

/** The search the message continues or starts. */
interface Searching extends Asked {
  own: ListingFilter;
  follows: boolean;
  /** A place named in a count of something else ("how many reviews on Google?") is no city. */
  city: string | undefined;
  /** Read as a search only for a word like "buyers" or a place no listing is in. */
  wantsHomes: boolean;
  /** The sentences that ask ask something else than the homes the message tells about. */
  asksElse: boolean;
}

function searchingOf(c: Asked): Searching {
  const { p, r, criteria, norm, state, fair } = c;
  // "Been renting a house from you… who is supposed to take care of the lawn?": the homes of
  // what the message tells make no search when what it asks is something else; nor when it told
  // of homes in no city and without bounds, and what it asks names none ("…sublet my apartment…
  // am I allowed to do that?").
  const asksElse = Boolean(
    c.asking &&
      !c.askR.city &&
      (asksSomethingElse(c.askP, c.askNorm) || (!c.r.city && asksAfterStory(c.askP, c.askNorm, { p, norm }))),
  );
  return {
    ...c,
    own: filterOf(p, r),
    follows: continues(p, state, Boolean(r.city), criteria.any),
    city: p.countsOther ? undefined : r.city,
    wantsHomes:
      !asksElse &&
      Boolean(criteria.concrete || c.searchWords || SALE_TYPE_ASKED_RE.test(norm) || r.city || p.wants.sort || fair),
    asksElse,
  };
}

const BEFORE_SEARCH: Step<Searching>[] = [
  {
    name: 'offTopic',
    run: async (c) => {
      if (c.follows || !(c.p.offTopicWords || !(c.p.aboutHomes || c.city || c.fair))) return undefined;
      // What a clause before the one that asks tells need not be in the passage.
      const hit = c.city ? null : ((await c.knows(FALLBACK_COVERAGE)) ?? (await c.knowsClause(FALLBACK_COVERAGE)));
      return knowledgeOr(c, hit, c.l.t.offTopic, false);
    },
  },
  {
    // When the knowledge answers, that is what was asked.
    name: 'knowledgeOverWords',
    run: async (c) => {
      if (c.follows || c.wantsHomes) return undefined;
      const hit = await c.knows(FALLBACK_COVERAGE);
      if (hit) return fromKnowledge(c, hit);
      // About the brokerage (the knowledge shares its words, or the message asks something else
      // than the homes it tells about) without an answer in it: the honest no-answer.
      if (c.asksElse || (await c.near(c.original, NEAR_COVERAGE))) {
        c.say(c.l.t.offTopic);
        return done(false);
      }
      return undefined;
    },
  },
  {
    // "¿Ustedes compran casas al contado?", "do you buy houses for cash?": homes named in a
    // question about the brokerage's services, not a request for them (routing.ts).
    name: 'servicesOfTheBrokerage',
    run: async (c) => {
      if (c.follows || c.r.city || c.askR.city || !asksOfTheBrokerage(c.askP, c.askNorm)) return undefined;
      const hit = await c.knows(FALLBACK_COVERAGE);
      return knowledgeOr(c, hit, c.l.t.offTopic, false);
    },
  },
  {
    // A place named beside the brokerage's words ("are you opening an office in Boulder?") is
    // not a search for homes there when the knowledge shares the rest but not the place.
    name: 'placeBesideBrokerage',
    run: async (c) => {
      if (c.follows || c.searchWords || c.criteria.concrete || SALE_TYPE_ASKED_RE.test(c.norm)) return undefined;
      const hit = await c.near(c.original, NEAR_COVERAGE);
      if (!hit?.unnamed) return undefined;
      c.say(c.l.t.offTopic);
      return done(false);
    },
  },
];

async function searchTurn(c: Searching): Promise<Turn> {
  const { req, state, p, r, follows, criteria, l, say } = c;
  const search = follows && state.search ? state.search : undefined;
  const filter: ListingFilter = search ? refine(search.filter, c.own, p) : clean(c.own);
  const sort = p.wants.sort ?? (search && !p.ref.them ? search.sort : 'Newest');
  const intent = p.intent === 'average' ? 'average' : p.intent === 'count' ? 'count' : 'search';
  // A search that no listing matches ("can I keep a dog in your rentals?"): the knowledge
  // answers it if it can, rather than "no homes found".
  // (With criteria of its own, only a passage holding most of it: "land or ranches? whom do I
  // contact?" when no land is listed.)
  // A passage holding all of it answers even when the question names what the passage does not:
  // "we're moving from Brazil, do you have a furnished house while we look?" tells where the
  // family comes from, and "no homes with furnishings" answers nothing. A place the visitor
  // asks homes in ("a furnished house in Boulder?") is the search's city and never gets here.
  if (!follows && !r.city) {
    const hit = (await c.knows(criteria.concrete ? STRONG_COVERAGE : FALLBACK_COVERAGE)) ?? (await c.knowsAllHeld());
    if (hit && (await req.listings.count(filter)) === 0) return fromKnowledge(c, hit);
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

/** One turn: the opening steps, then what the message says, asks, and the search it makes. */
export async function answerTurn(req: AnswerRequest, state: ConversationState, say: Say): Promise<Turn> {
  const c = contextOf(req, state, say);
  const opened = await firstAnswer(OPENING, c);
  if (opened) return opened;
  const told = toldOf(c);
  const courtesy = await firstAnswer(COURTESIES, told);
  if (courtesy) return courtesy;
  const asked = await askedOf(told);
  const before = await firstAnswer(BEFORE_LISTINGS, asked);
  if (before) return before;
  const searching = searchingOf(asked);
  return (await firstAnswer(BEFORE_SEARCH, searching)) ?? searchTurn(searching);
}
