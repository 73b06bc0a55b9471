// The builtin answer engine: offline and deterministic. One turn of a conversation:
// instructions smuggled into the message are dropped; contact details become a lead
// (lead-turn.ts); small talk gets a short answer; a fair-housing request is declined for that
// part; the knowledge answers what is about the brokerage (routing.ts); questions no listing
// can answer get the honest no-answer; then the question is read (parse.ts), its names checked
// against the chatbot's listings (resolve.ts), and read with the conversation so far
// (follow-up.ts): "the second one", "it", "show me more", "cheaper ones?", "what about Tampa?".
import type { ListingFilter } from '../../listings/index.ts';
import { askingPart } from '../asking-part.ts';
import type { AnswerEngine, AnswerOutcome, AnswerRequest, KnowledgeHit } from '../engine.ts';
import { averageAnswer, countAnswer, type Lang, type Say, SHOWN, searchAnswer } from './answers.ts';
import { compoundTurn } from './compound-turn.ts';
import { type ConversationState, loadState, saveState } from './conversation.ts';
import { fairHousingOf } from './fair-housing.ts';
import { aboutListingsTurn, continues } from './follow-up.ts';
import { mentionsTopic, unanswerableTopicOf } from './honesty.ts';
import { answerLanguage, talkFor, textsFor } from './i18n/index.ts';
import { leadTurn } from './lead-turn.ts';
import { detectLanguage, HUMAN_RE, normalize, OWN_HOME_RE, SELL_RE } from './lexicon.ts';
import { parseQuestion } from './parse.ts';
import { qualifyReply } from './qualify-turn.ts';
import { clean, filterOf, refine, resolve } from './resolve.ts';
import {
  AGENCY_FEE_RE,
  asksOfTheBrokerage,
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

async function answerTurn(req: AnswerRequest, state: ConversationState, say: Say): Promise<Turn> {
  const settings = req.chatbot.settings;
  const { text: original, injected } = withoutInjection(req.question.content);
  // Under Auto, a message that shows no language ("Tampa?") is in the conversation's.
  const questionLang = detectLanguage(original || req.question.content, state.lang);
  state.lang = questionLang;
  const lang = answerLanguage(settings.AIResponseLanguage, questionLang);
  const l: Lang = { t: textsFor(lang), talk: talkFor(lang) };
  if (req.question.askType !== 'Text') {
    say(l.t.media(req.question.askType));
    return done(false);
  }
  if (!original.trim()) {
    say(injected ? l.talk.injection : l.t.help);
    return done(true);
  }
  const tour = await tourTurn(req, state, say, original, lang);
  if (tour) return tour;
  const lead = await leadTurn(req, l, say, original, state, lang);
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
    // A welcome the brokerage wrote is said as written; the default one (the English welcome)
    // in the answer's language.
    const own = settings.WelcomeMessage;
    say(own && own !== textsFor('en').welcome ? own : l.t.welcome);
    return done(true);
  }
  if (p.intent === 'thanks' || p.intent === 'help') {
    say(p.intent === 'thanks' ? l.t.thanks : l.t.help);
    return done(true);
  }
  // The brokerage's own knowledge answers a question about the brokerage (no listing criteria,
  // no reference to listings shown) when a passage holds most of its words; never a listing
  // search (routing.ts: searchByEvidence), whatever words the knowledge shares with it.
  // What the message asks, when it also tells ("we're putting our place in Oro Valley on the
  // market… does anyone on your team help with staging?"): the asking part decides whether it
  // is about homes, the brokerage or a person.
  const asking = askingPart(original);
  const askNorm = asking ? normalize(asking) : norm;
  const askP = asking ? parseQuestion(asking) : p;
  const askCriteria = asking ? criteriaOf(askP) : criteria;
  const r = await resolve(p, req.listings);
  const askR = asking ? await resolve(askP, req.listings) : r;
  const listingSearch = await searchByEvidence(askP, askR, askNorm, req.listings, state.search !== undefined);
  const near = listingSearch ? async () => null : knowledgeOf(req);
  // A question on a topic no listing answers (schools, insurance…) is answered only by a
  // passage about that topic ("renter's insurance"), not by one sharing its other words
  // ("neighborhoods" for "which Nashville neighborhoods have the best schools?", a management
  // fee for "how much is home insurance in Round Rock?"), even when another passage holds the
  // topic's word.
  const topic = unanswerableTopicOf(norm);
  const knowsText = async (text: string, min: number) => {
    const hit = await near(text, min);
    if (hit && topic && !mentionsTopic(normalize(hit.text), topic)) return null;
    return hit?.unnamed ? null : hit;
  };
  const knows = (min: number) => knowsText(original, min);
  const fromKnowledge = (hit: KnowledgeHit) => {
    say(`${hit.text}\n${l.t.knowledgeSource(hit.source)}`);
    return done(true);
  };
  if (HUMAN_RE.test(norm)) {
    // "dónde está su oficina? quiero pasar a hablar con alguien": the question is answered.
    const hit = asking && !HUMAN_RE.test(askNorm) ? await knows(STRONG_COVERAGE) : null;
    if (hit) return fromKnowledge(hit);
    say(l.t.human);
    return done(true);
  }
  // "How can I sell my apartment with you?": a seller, whom a person helps, not a search (unless
  // the brokerage's knowledge says how).
  if (SELL_RE.test(norm) && new RegExp(OWN_HOME_RE.source).test(norm) && !criteria.concrete) {
    const hit = await knows(STRONG_COVERAGE);
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
  // A price beside the brokerage's fee ("¿la comisión es menor para casas de más de un millón?")
  // is the fee's condition: the question is about the brokerage all the same.
  const feeAsked = AGENCY_FEE_RE.test(askNorm) && !listingSearch;
  if (!aboutShown && (!askCriteria.concrete || feeAsked) && !SALE_TYPE_ASKED_RE.test(askNorm)) {
    const hit = await knows(STRONG_COVERAGE);
    const rest = askSearchWords ? askNorm.replace(new RegExp(SEARCH_WORDS_RE.source, 'g'), ' ') : '';
    if (hit && (!askSearchWords || (await knowsText(rest, 0.01)))) return fromKnowledge(hit);
  }
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

  const shown = await aboutListingsTurn(req, state, { p, r, searchCriteria: criteria.search, norm }, l, say);
  if (shown) return shown;
  const own = filterOf(p, r);
  const follows = continues(p, state, Boolean(r.city), criteria.any);
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
  // "¿Ustedes compran casas al contado?", "do you buy houses for cash?": homes named in a
  // question about the brokerage's services, not a request for them (routing.ts).
  if (!follows && !r.city && !askR.city && asksOfTheBrokerage(askP, askNorm)) {
    const hit = await knows(FALLBACK_COVERAGE);
    if (hit) return fromKnowledge(hit);
    say(l.t.offTopic);
    return done(false);
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
      const turn = await compoundTurn(req, state, say, answerTurn);
      if (turn.listings.length) {
        const ids = turn.listings.map((x) => x.id);
        state.shown = ids.slice(0, SHOWN * 2);
        state.seen = [...state.seen, ...ids];
        state.about = ids[0];
      }
      await saveState(req.conversation, state);
      return { noAnswer: !turn.answered, listings: turn.listings, tour: turn.tour };
    },
    whileWaiting: qualifyReply,
  };
}
