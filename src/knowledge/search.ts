// What the answer engines ask of the knowledge: the passage that best answers a question,
// trimmed to the sentences that answer it, with its source, or null when nothing covers
// enough of the question's words (then the engine gives its own answer or the honest
// no-answer).
import type { Kysely } from 'kysely';
import type { KnowledgeHit, KnowledgePassage } from '../answer/index.ts';
import { askingPart } from '../answer/index.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import { answeringSentences, coverage, placeAskedText, sourceLabel, weighedOf } from './answer-text.ts';
import { GLOSSARY_WORDS } from './glossary.ts';
import { type KnowledgeIndex, knowledgeIndex } from './memory-index.ts';
import {
  AMOUNT_NAMED,
  asksHowMany,
  conceptOf,
  contactWords,
  correctedWord,
  countsConcept,
  countsWhereHeld,
  holds,
  holdsName,
  isNumber,
  isTelling,
  namesIn,
  nameWordsIn,
  ownWords,
  PERSON_NAMED,
  questionConcepts,
  questionLanguages,
  typedWordsOf,
  verbAsTyped,
  wordOf,
  wordsAndStems,
} from './question.ts';
import type { Owner } from './repo.ts';
import { type PassageHit, passagesByIds, searchPassages } from './repo-passage-search.ts';
import { termsOf } from './terms.ts';
import { ASKS_HOW_MUCH_RE, ASKS_WHERE_RE, ASKS_WHO_RE, isVague, type KnowledgeLang, saysWhen } from './words/index.ts';

const CANDIDATES = 30;
/** The bar a whole message's passage is held to when only its sentences that ask reach the stricter one. */
const BROAD_COVERAGE = 0.5;
/**
 * How much a word of the glossary the passage lacks weighs against it when some other passage
 * holds it (one no passage holds weighs 1): docs/knowledge-answers.md gives the curve.
 */
const MISSING_WORD_WEIGHT = 0.34;
/**
 * A word of the glossary held by at most this share of the chatbot's passages is the question's
 * most specific: the passage lacking it weighs it 1, as a word no passage holds
 * (docs/knowledge-answers.md gives the curve).
 */
const RARE_WORD_SHARE = 0.02;
/** A name held by more than this share of a chatbot's passages is the brokerage's own, not evidence. */
const COMMON_NAME_SHARE = 0.15;
/**
 * The most misspelt-looking words of one question that are corrected: a question has a few;
 * a message of thousands of unknown words took a quarter of a second against a small index.
 */
const CORRECTIONS_MAX = 16;

/** What a passage is judged against: the question's concepts, its own words, whether it counts. */
interface Asked {
  concepts: Set<string>[];
  own: Set<string>[];
  howMany: boolean;
}

/**
 * Coverage, with a Q&A entry whose question alone covers as much a step ahead; for a question
 * asking how many, a passage that counts what it asks half a step; then the passage holding
 * more of the question's own words rather than their equivalents ("leases" finds "lease"
 * before "rent").
 */
const rankOf = (j: { cover: number; onQuestion: number; counts: boolean; ownCover: number }) =>
  j.cover + (j.onQuestion >= j.cover ? 0.01 : 0) + (j.counts ? 0.005 : 0) + j.ownCover * 0.001;

function judged(hit: PassageHit, q: Asked) {
  const onQuestion = hit.questionTerms ? coverage(q.concepts, hit.questionTerms) : 0;
  const all = wordsAndStems(`${hit.questionTerms} ${hit.terms} ${contactWords(hit.content)}`.split(' '));
  const onAll = coverage(q.concepts, all);
  const counts = q.howMany && countsConcept(hit.content, q.concepts);
  return { hit, onQuestion, cover: Math.max(onQuestion, onAll), counts, ownCover: coverage(q.own, all) };
}

/** The passages memory-index.ts finds, read by ID, in its order (its rank as score). */
async function fromMemory(
  db: Kysely<Database>,
  owner: Owner,
  index: KnowledgeIndex,
  groups: string[][],
  least: number,
) {
  const ids = index.mostCovering(groups, least, CANDIDATES);
  const rows = new Map((await passagesByIds(db, owner, ids)).map((h) => [h.id, h]));
  return ids.flatMap((id, i) => {
    const hit = rows.get(id);
    return hit ? [{ ...hit, score: ids.length - i }] : [];
  });
}

/**
 * A word of the glossary or a long one (seven letters or more) that no passage of the chatbot
 * holds names something the knowledge does not cover: "estacionamiento", "parrainage",
 * "instant offer". It may also be an aside or a verb the material words otherwise ("contestan el
 * teléfono"), so it only counts against a passage that holds at most twice as many of the
 * question's words: then the question is about what the knowledge lacks, and the passage only
 * shares its generic words ("clientes", "oficina"). A word of the glossary that other passages
 * hold but this one lacks weighs a third as much, or 1 when it is rare (RARE_WORD_SHARE): "smoking",
 * held by one passage, against a passage on alterations that holds "allowed" and "rentals".
 * A passage holding a name the question gives ("Wellington") is not judged so: the name is
 * evidence enough, unless many passages hold it (the brokerage's own towns). A long word that
 * ends like a verb form of the question's language ("atiendan", "utilisez") is how the visitor
 * asks, not what, and a name the message tells is where they come from (`isAside`): neither
 * counts; nor does a word saying when (`when` in words/): "je dois décaler une visite prévue
 * demain matin" asks how to move a showing, whatever the passage says of mornings.
 */
function outweighedByUnknown(
  concepts: Set<string>[],
  words: Set<string>,
  index: Pick<KnowledgeIndex, 'holdsAny' | 'shareHolding'>,
  isAside: (word: string) => boolean,
): boolean {
  let held = 0;
  let unknown = 0;
  for (const c of concepts) {
    if (holds(words, c)) held++;
    else if (saysWhen(c)) continue;
    else if (isTelling(c) && !index.holdsAny(c)) unknown += isAside(wordOf(c) ?? '') ? 0 : 1;
    else if (!wordOf(c)) unknown += index.shareHolding(c) <= RARE_WORD_SHARE ? 1 : MISSING_WORD_WEIGHT;
  }
  return unknown > 0 && held <= 2 * unknown;
}

/**
 * Whether a question's word says how it asks or what the visitor tells rather than what the
 * knowledge lacks: a word standing for something unnamed ("anything": `vague` in words/), a verb
 * form of its language, read on the word as typed (folding a plural takes the "-s" off
 * "mudamos"), or a name the message tells ("nos mudamos de Chicago…": where the
 * visitor comes from; a name it asks is held or refused by name).
 */
function asideIn(
  text: string,
  typed: ReadonlyMap<string, ReadonlySet<string>>,
  langs: readonly KnowledgeLang[],
): (word: string) => boolean {
  const told = nameWordsIn(text);
  return (word) => told.has(word) || isVague(word) || verbAsTyped(word, typed, langs);
}

/**
 * The passage answering a question; failing that (or when the question names what the passage
 * does not), the one answering the sentences that ask, when they ask two things or more (one
 * word alone, "how long are leases?", says too little).
 */
export function knowledgeSearchFor(db: Kysely<Database>, workspaceId: number, chatbotId: number) {
  const search = passageSearchFor(db, workspaceId, chatbotId);
  return async (text: string, minCoverage: number): Promise<KnowledgeHit | null> => {
    const hit = await search(text, minCoverage);
    const asking = hit && !hit.unnamed ? null : askingPart(text);
    if (!asking) return hit;
    const focused = await search(asking, minCoverage, text);
    if (!focused || focused.asked < 2 || focused.unnamed) return hit;
    // The sentences that ask may be answered by a passage holding little of the rest ("how long
    // do you have to send it?" by a complaint's reply time, after "i haven't received my deposit
    // refund…"): the whole message's own best passage at a broader bar answers when it holds
    // more of the message.
    if (!hit && minCoverage > BROAD_COVERAGE) {
      const broad = await search(text, BROAD_COVERAGE);
      if (broad && !broad.unnamed && (broad.wholeCover ?? 0) > (focused.wholeCover ?? 0)) return broad;
    }
    return focused;
  };
}

function passageSearchFor(db: Kysely<Database>, workspaceId: number, chatbotId: number) {
  return async (text: string, minCoverage: number, whole?: string): Promise<KnowledgeHit | null> => {
    const owner = { workspaceId, chatbotId };
    const langs = questionLanguages(text);
    const asked = questionConcepts(text, langs);
    const index = await knowledgeIndex(db, owner);
    const held = asked.map(index.holdsAny);
    // A word no passage holds may be misspelt ("histroic"): read as the one word of the
    // glossary or of the chatbot's passages it is a small edit from. One held only through its
    // stem ("commision" in "commission") may be a misspelt word of the glossary. At most
    // CORRECTIONS_MAX words a question are tried (each against every word of the chatbot).
    let tries = 0;
    const typed = typedWordsOf(text);
    for (const [i, c] of asked.entries()) {
      const word = wordOf(c);
      if (!word || (held[i] && index.holdsAny([word]))) continue;
      if (verbAsTyped(word, typed, langs)) continue;
      if (tries++ >= CORRECTIONS_MAX) break;
      const fixed = held[i] ? correctedWord(word, GLOSSARY_WORDS) : correctedWord(word, GLOSSARY_WORDS, index.words);
      if (!fixed) continue;
      asked[i] = conceptOf(fixed);
      held[i] = index.holdsAny(asked[i]);
    }
    // Coverage counts what some passage holds: a word none holds ("my heat went out in the
    // middle of the night") tells no passage from another. A telling one ("parking") still
    // counts against the best passage (outweighedByUnknown).
    const concepts = asked.filter((_, i) => held[i]);
    if (concepts.length === 0) return null;
    const howMany = asksHowMany(text);
    const own = ownWords(text);
    const groups = concepts.map((c) => [...c]);
    // The passages holding the most of the question (at least what minCoverage needs of the
    // fewest words a coverage can be the share of: `weighedOf`), from the index in memory
    // (memory-index.ts); the one covering most wins, a Q&A entry whose own question covers it all
    // first; on a tie, the index's rank.
    const weighed = concepts.filter((c) => !countsWhereHeld(c)).length;
    const least = Math.max(1, Math.ceil(minCoverage * weighedOf(weighed, groups.length) - 1e-9));
    const hits = await fromMemory(db, owner, index, groups, least);
    const best = hits
      .map((h) => judged(h, { concepts, own, howMany }))
      .sort((a, b) => rankOf(b) - rankOf(a) || b.hit.score - a.hit.score)[0];
    if (!best || best.cover < minCoverage) return null;
    const { hit } = best;
    const words = wordsAndStems(`${hit.questionTerms} ${hit.terms} ${contactWords(hit.content)}`.split(' '));
    // The names of what it asks: "nous venons du Canada, avez-vous quelqu'un…" names a place it tells.
    const names = namesIn(askingPart(text) ?? text);
    // A name of the glossary ("Saturday") is everyday vocabulary, not evidence; nor is one that
    // many passages hold (the brokerage's own towns and offices): "a notary at the Round Rock
    // office?" is about a notary.
    const proper = names.filter((name) => name.size === 1 && index.shareHolding(name) <= COMMON_NAME_SHARE);
    const unnamed =
      names.some((name) => !holdsName(words, name)) ||
      (proper.length === 0 && outweighedByUnknown(asked, words, index, asideIn(text, typed, langs)));
    // "Where…?" keeps the sentence with the address, "who…?" or "is there someone…?" the one
    // naming a person, "how much…?" the one stating an amount, whatever else they hold.
    const sought = [
      ...(ASKS_WHERE_RE.test(text) ? [conceptOf('address')] : []),
      ...(ASKS_WHO_RE.test(text) ? [new Set([PERSON_NAMED])] : []),
      ...(ASKS_HOW_MUCH_RE.test(text) ? [new Set([AMOUNT_NAMED])] : []),
    ];
    // The whole message's words, when only its sentences that ask are searched: the places it
    // names ("I own a rental outside New Braunfels… what do you charge to manage a house out
    // there?") choose the answer's sentences.
    const told = whole ? new Set(termsOf(whole)) : undefined;
    // How much of the whole message the passage holds, of what some passage holds, a number or a
    // time it tells aside ("two years" does not make a passage on two pets closer to it).
    const wholeConcepts = whole ? questionConcepts(whole).filter(index.holdsAny) : concepts;
    const wholeCover = coverage(
      wholeConcepts.filter((c) => !countsWhereHeld(c) && !isNumber(c)),
      words,
    );
    const answer = hit.question
      ? placeAskedText(hit.content, concepts, told)
      : answeringSentences(hit.content, [...concepts, ...sought], told);
    return {
      text: answer,
      passage: hit.content,
      source: sourceLabel(hit),
      coverage: best.cover,
      asked: asked.length,
      unheld: asked.length - concepts.length,
      ...(unnamed ? { unnamed } : {}),
      wholeCover,
    };
  };
}

/** Up to `limit` passages for a free query, best first (the model engine's search_knowledge). */
export function knowledgePassagesFor(db: Kysely<Database>, dialect: Dialect, workspaceId: number, chatbotId: number) {
  return async (query: string, limit: number): Promise<KnowledgePassage[]> => {
    const hits = await searchPassages(db, dialect, { workspaceId, chatbotId }, termsOf(query), limit);
    return hits.map((h) => ({
      // The heading goes separately: the source is the Q&A entry, the page or the source's name.
      source: h.question ? `Q&A: ${h.question}` : h.link ? sourceLabel(h) : h.sourceName,
      heading: h.heading,
      text: h.content,
    }));
  };
}
