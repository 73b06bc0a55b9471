// A turn read with the conversation so far: about listings named or shown ("the second one",
// "does it have a pool?", "show me more"), or a follow-up of the last search ("cheaper ones?",
// "what about Tampa?").
import type { AnswerRequest } from '../engine.ts';
import { compareAnswer, detailAnswer, type Lang, type Say, searchAnswer } from './answers.ts';
import type { ConversationState } from './conversation.ts';
import { normalize } from './lexicon.ts';
import type { ParsedQuestion } from './parse.ts';
import type { Resolved } from './resolve.ts';
import { SEARCH_WORDS_RE } from './routing.ts';
import { byIds, done, type Turn } from './turn.ts';
import { alternation, conceptRe } from './vocab/index.ts';

/** The question as engine.ts read it: parsed, its names resolved, and normalised. */
interface Reading {
  p: ParsedQuestion;
  r: Resolved;
  /** Whether it carries criteria of a new search (routing.ts, criteriaOf). */
  searchCriteria: boolean;
  norm: string;
}

/**
 * The turn when the question is about listings it names or the conversation showed: two
 * compared by name, one named, one by its position in the last answer, the one the
 * conversation is about, or the next page of the last search. Null when it is none of these.
 */
export async function aboutListingsTurn(
  req: AnswerRequest,
  state: ConversationState,
  { p, r, searchCriteria, norm }: Reading,
  l: Lang,
  say: Say,
): Promise<Turn | null> {
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
  const searchy = r.city || p.saleType || p.wants.types || p.wants.sort || SEARCH_WORDS_RE.test(norm);
  const aboutTurn =
    !p.ref.them &&
    !p.ref.more &&
    !r.city &&
    (p.ref.it || p.yesNo !== undefined || (asksDetail && !searchCriteria && !searchy));
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
  return null;
}

/**
 * Words that start a search of its own ("I'm looking for…", "do you have…", "busco…"): the
 * criteria that follow replace the last search's rather than refine it.
 */
const FRESH_SEARCH_RE = new RegExp(
  `^${alternation((v) => v.greeting.core)}?[, ]*${alternation((v) => v.freshSearch)}\\b`,
);

const INSTEAD_RE = conceptRe((v) => v.instead);
/** "…and it must be a condo": a requirement of the home this conversation is looking for. */
const IT_WANTED_RE = conceptRe((v) => v.itWanted);
/** "what about…", "and…", "with…": a message that goes on from the last. */
const FOLLOW_UP_CUE_RE = new RegExp(`^${alternation((v) => v.followUpCue)}\\b`);

/**
 * A follow-up of the last search rather than a new one. `refines`: the question carries
 * criteria of its own (a count, a price, a type, a feature).
 */
export function continues(p: ParsedQuestion, state: ConversationState, namesCity: boolean, refines = false): boolean {
  if (!state.search) return false;
  const text = normalize(p.original).replace(/^[¿¡\s]+/, '');
  const cue = FOLLOW_UP_CUE_RE.test(text);
  if (p.ref.them || p.ref.more) return true;
  // "switch to Mesa instead", "plutôt à Tucson": the same search elsewhere.
  if (namesCity && INSTEAD_RE.test(text)) return true;
  // "Tampa?", "and in Portland?": another city, the same search.
  // A search of its own restates what is sought: a type or a sale type ("busco un departamento").
  // ("I want 2 beds, and it must be a condo" says what the home sought must be: a refinement.)
  const fresh = FRESH_SEARCH_RE.test(text) && Boolean(p.saleType || p.wants.types) && !IT_WANTED_RE.test(text);
  if (namesCity) return cue || p.wordCount <= 3 || (!fresh && state.search.filter.city === undefined);
  // "Not sure, maybe next year.": a short message with nothing of a search in it is no follow-up.
  const empty = !refines && !p.aboutHomes && !p.wants.sort && p.intent === 'search';
  // "3 bed 2 bath with a pool", "we'd need two bathrooms though": criteria without a place,
  // said after a search, refine it unless they start a search of their own.
  return cue || (p.shortFollowUp && !empty) || (refines && !fresh);
}
