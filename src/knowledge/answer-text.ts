// What of a passage answers a question: how much of the question its words hold (coverage),
// the sentences that answer it, and how the answer names its source.
import {
  contactWords,
  countsWhereHeld,
  EMAIL_RE,
  EVERYDAY,
  holds,
  nameWordsIn,
  personWords,
  wordsAndStems,
} from './question.ts';
import type { PassageHit } from './repo-passage-search.ts';
import { termsOf } from './terms.ts';

/**
 * The share of the question's concepts a passage's words hold; a word saying when (a season, a
 * month) or a number counts only where the passage holds it (`countsWhereHeld`): "when do the
 * summer storms start?" is answered by "the monsoon season runs from June 15". (Weighting rarer
 * concepts more, an IDF over the candidates, was tried and answered fewer of the public
 * evaluation's questions: visitors add specifics the knowledge never holds.)
 */
export function coverage(concepts: Set<string>[], words: string | Set<string>): number {
  const have = typeof words === 'string' ? wordsAndStems(words.split(' ')) : words;
  let n = 0;
  let of = 0;
  for (const c of concepts) {
    const held = holds(have, c);
    if (held) n++;
    if (held || !countsWhereHeld(c)) of++;
  }
  const counted = weighedOf(of, concepts.length);
  return counted === 0 ? 0 : n / counted;
}

/**
 * How many words a coverage is the share of: those weighed (`of`), and two at least when the
 * question asks two: "run them in summer" is not answered by any passage that runs.
 */
export const weighedOf = (of: number, asked: number) => Math.max(of, Math.min(2, asked));

/** A passage short enough to be the answer whole. */
const WHOLE_WORDS = 80;
/** The share of its words (other than names) a sentence shares with another to be written like it. */
const PARALLEL_SHARE = 0.6;
/** No words told before the sentences that ask. */
const NONE: ReadonlySet<string> = new Set();
/** Sentences an answer is cut to from a longer passage. */
const MAX_SENTENCES = 5;

/**
 * The part of a passage that answers: the whole of a short one; else the sentences that cover
 * the question's concepts, picked greedily (the one adding most first, at most five), with
 * the sentence after the first (what follows a sentence often completes it: "Book through
 * this chat. Please ask 24 hours ahead."), in the passage's order.
 */
export function answeringSentences(content: string, concepts: Set<string>[], told: ReadonlySet<string> = NONE): string {
  return pickSentences(content, ofPlaceAsked(content, sentencesOf(content), concepts, told), concepts);
}

/**
 * A Q&A entry's answer as a whole, but for the sentences about another place than the one a
 * question names (ofPlaceAsked): "In homes managed from Round Rock, the City of Round Rock bills
 * water…" is left out when asked about New Braunfels.
 */
export function placeAskedText(content: string, concepts: Set<string>[], told: ReadonlySet<string> = NONE): string {
  const sentences = sentencesOf(content);
  const kept = ofPlaceAsked(content, sentences, concepts, told);
  return kept.length === sentences.length ? content : joinedSentences(kept);
}

/** A passage's sentences, in order. */
function sentencesOf(content: string): Sentence[] {
  // Spaces at a line's end go line by line (a pattern over the whole text would rescan a long run of spaces).
  const text = content
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    // A line break inside a sentence (a PDF's table cells, a wrapped line) does not end it; one
    // before a list item ("- ACH", "2. Sign the lease") does.
    .replace(/([^.!?:;\n])\n(?=[^\n])(?!\s*(?:[-*•–]|\d{1,2}[.)])\s)/g, '$1 ');
  const found: Sentence[] = [];
  // A full stop inside a number ("2.5%", "$1.2M"), an address ("hello@example.com"), a link
  // or an abbreviation ("10 a.m. to 2 p.m., and") does not end a sentence: one ends before
  // a space and a capital, or at the end; a closing quote, bracket or emphasis mark after it
  // ("**General home inspection.**") ends the sentence with it.
  for (const m of text.matchAll(/(?:[^.!?\n]|\.(?=[\p{L}\p{N},;)]|[ \t]+[\p{Ll}\p{N}]))+[.!?]*["')\]*_]*/gu)) {
    const s = m[0].trim();
    if (s) found.push({ s, line: m.index === 0 || /\n[ \t]*$/.test(text.slice(Math.max(0, m.index - 4), m.index)) });
  }
  return found.length ? found : [{ s: content.trim(), line: true }];
}

/** A sentence of a passage, and whether it begins a line there (a list item, a paragraph). */
interface Sentence {
  s: string;
  line: boolean;
}

/**
 * The sentences as the answer reads them: each beginning a line in the passage (a list item, a
 * new paragraph) on a line of its own, the others run on, so that a list stays a list.
 */
function joinedSentences(sentences: Sentence[]): string {
  return sentences.map((x, i) => (i === 0 ? x.s : `${x.line ? '\n' : ' '}${x.s}`)).join('');
}

/**
 * The sentences about the place a question names, when the passage gives each place its own:
 * asked about the Round Rock office, "The New Braunfels office keeps… by appointment" is left
 * out when a sentence naming Round Rock already says all it says of the question (two things or
 * more). A sentence naming no place, saying more, or saying one thing ("…pairs you with Lamar
 * Whitfield"), stays. The place may also be one of the passage's names that the message gives, in
 * any case, before the sentences that ask (`told`, the whole message's search words: "I own a
 * rental outside New Braunfels…", "…my place in new braunfels… what's your monthly cut?").
 */
function ofPlaceAsked(
  content: string,
  sentences: Sentence[],
  concepts: Set<string>[],
  told: ReadonlySet<string>,
): Sentence[] {
  // A name may only begin sentences ("Spokane residents call… Tacoma residents call…"): a
  // sentence's first word that the passage never writes in lower case, no everyday word, is a
  // name, and the place asked when the question or the message says it. A capitalised word the
  // passage also writes in lower case ("Listing" in "Northwest Multiple Listing Service", "the
  // county" beside "Pierce County") or a word of the glossary is no place.
  const lower = new Set(
    termsOf(
      content
        .replace(EMAILS_RE, ' ')
        .replace(LINKS_RE, ' ')
        .replace(/(?<![\p{L}\p{N}])\p{Lu}\p{L}*/gu, ' '),
    ),
  );
  const leads = sentences.map((x) => {
    const lead = leadNameOf(x.s);
    return lead && !lower.has(lead) ? { word: lead, next: termsOf(x.s)[1] } : undefined;
  });
  const asked = (w: string) => told.has(w) || concepts.some((c) => c.has(w));
  const askedLeads = leads.filter((l): l is NonNullable<(typeof leads)[number]> => l !== undefined && asked(l.word));
  const names = new Set([
    ...[...nameWordsIn(content)].filter((n) => !lower.has(n) && !EVERYDAY.has(n)),
    ...askedLeads.map((l) => l.word),
  ]);
  // Another sentence's first word is another place's name when its sentence is written as the
  // asked place's ("Spokane residents call…" beside "Tacoma residents call…"; "Usually the
  // office stays open…" is no place). One the passage names so elsewhere is among `names`.
  const otherLead = (i: number) => {
    const lead = leads[i];
    return lead && askedLeads.some((l) => l.word !== lead.word && l.next === lead.next) ? lead.word : undefined;
  };
  const toldPlaces = [...names].filter((n) => told.has(n)).map((n) => new Set([n]));
  const places = [...concepts.filter((c) => holds(names, c)), ...toldPlaces];
  if (places.length === 0) return sentences;
  // What else the question asks, but for a number it tells ("open after 5?"): "5:30" in another
  // place's hours does not make that sentence say more than the asked place's.
  const others = concepts.filter((c) => !places.includes(c) && ![...c].every((w) => /^\d/.test(w)));
  const read = sentences.map((x, i) => {
    const terms = termsOf(x.s);
    const words = wordsAndStems(terms);
    const lead = otherLead(i);
    return {
      x,
      named: places.some((c) => holds(words, c)),
      // Another place's name: one of the passage's, or a sentence's first word as the asked one
      // may be ("Spokane residents call…" when asked about Tacoma).
      elsewhere:
        [...names].some((n) => words.has(n) && !places.some((c) => c.has(n))) ||
        (lead !== undefined && !places.some((c) => c.has(lead))),
      says: others.filter((c) => holds(words, c)),
      own: new Set(terms.filter((t) => !names.has(t) && t !== leads[i]?.word)),
    };
  });
  // "Its phone number is…" after "The Spokane office is at…" is about Spokane too.
  for (const [i, r] of read.entries()) {
    const before = read[i - 1];
    if (before && !r.named && !r.x.line && REFERS_BACK_RE.test(r.x.s)) {
      r.named = before.named;
      r.elsewhere ||= before.elsewhere;
    }
  }
  const named = read.filter((r) => r.named);
  // Another place's sentence parallel to one naming the asked place: it says two things or more
  // of the question, all of which that one says ("office" and "Saturday"); or it is written like
  // that one (PARALLEL_SHARE of its words other than names: "For homes around New Braunfels,
  // apply to the Comal Appraisal District."), whatever more of the question it words ("For homes
  // in Spokane, that value is set by…" beside "For homes in Tacoma, it is set by…").
  const alike = (a: Set<string>, b: Set<string>) =>
    [...a].filter((t) => b.has(t)).length >= PARALLEL_SHARE * Math.min(a.size, b.size);
  // The sentences naming the asked place may say it together ("The Lincoln office is open Monday
  // through Friday… The Lincoln office sees visitors on Saturdays by appointment only").
  const namedSay = new Set(named.flatMap((n) => n.says));
  const parallel = (r: (typeof read)[number]) =>
    r.elsewhere &&
    ((r.says.length >= 2 && r.says.every((c) => namedSay.has(c))) || named.some((n) => alike(r.own, n.own)));
  // A list whose items each begin with a place ("- **Round Rock and Hutto:** …", "- **New
  // Braunfels and Canyon Lake:** …"): an item of another place is left out whole when an item
  // names the place asked, its later sentences too ("Add a septic inspection (about $400)…").
  // A label on a line of its own heads the list under it the same way ("**Cincinnati (Vine
  // Street)**", then "- Sunday: 1 p.m. to 4 p.m."): another place's label and its items go.
  const otherItem = otherGroup(read, itemsOf(sentences), false);
  const otherLabel = otherGroup(read, labelsOf(sentences), true);
  return read.filter((r, i) => r.named || !(parallel(r) || otherItem(i) || otherLabel(i))).map((r) => r.x);
}

/**
 * Whether a sentence belongs to a group (a list item, a labelled list: `groups` gives each
 * sentence its group's first sentence) of another place than the asked one: some group names the
 * asked place (in any of its sentences, or in its first only: `leadNames`), and this one's first
 * sentence names another.
 */
function otherGroup(
  read: readonly { named: boolean; elsewhere: boolean }[],
  groups: readonly (number | undefined)[],
  leadNames: boolean,
): (i: number) => boolean {
  const named = new Set(
    read.flatMap((r, i) => {
      const lead = groups[i];
      return r.named && lead !== undefined && (!leadNames || lead === i) ? [lead] : [];
    }),
  );
  return (i) => {
    const lead = groups[i];
    return lead !== undefined && named.size > 0 && !named.has(lead) && read[lead]?.elsewhere === true;
  };
}

/** A line that only labels what follows: bold words alone, or a few words ending in a colon. */
const LABEL_RE = /^(?:\*\*[^*\n]{2,60}\*\*:?|[^.!?:\n]{2,40}:)$/u;

/** For each sentence of a labelled list (the label's line and the items after it), the label's index. */
function labelsOf(sentences: Sentence[]): (number | undefined)[] {
  let lead: number | undefined;
  return sentences.map((x, i) => {
    if (x.line && LIST_ITEM_RE.test(x.s)) return lead;
    if (x.line) lead = LABEL_RE.test(x.s) ? i : undefined;
    return lead;
  });
}

/**
 * A sentence beginning with a word pointing back at the one before, in the same paragraph: "Its
 * phone number is…", "They answer…", "Su teléfono…", "Son numéro…" ("There is…", "Il y a…" point
 * at nothing).
 */
const REFERS_BACK_RE =
  /^(?:Its?|They|Their|He|She|His|Her|Su|Sus|Allí|Ahí|Elle|Son|Sa|Ses|Leurs?|Seu|Sua|Ele|Ela)(?![\p{L}\p{N}])/u;

/** Email addresses and links: their words ("spokane@…") are no words the passage writes in lower case. */
const EMAILS_RE = new RegExp(EMAIL_RE.source, 'g');
const LINKS_RE = /https?:\/\/\S+|\bwww\.\S+/g;

/**
 * A sentence's first word when it may be a name: capitalised (not all capitals), of four
 * letters or more, and no word of the glossary nor a stop word ("Spokane", not "During").
 */
function leadNameOf(sentence: string): string | undefined {
  const first = /^(?:[*_"'(\s-]|\d{1,2}[.)]|•)*(\p{Lu}\p{Ll}{3,})(?![\p{L}\p{N}])/u.exec(sentence)?.[1];
  const [term] = first ? termsOf(first) : [];
  return term && !EVERYDAY.has(term) ? term : undefined;
}

/** A list item's mark at a line's start: "- ", "* ", "• ", "2. ". */
const LIST_ITEM_RE = /^(?:[-*•–]|\d{1,2}[.)])\s/;

/** For each sentence of a list item, the index of the item's first sentence (undefined elsewhere). */
function itemsOf(sentences: Sentence[]): (number | undefined)[] {
  let lead: number | undefined;
  return sentences.map((x, i) => {
    if (x.line) lead = LIST_ITEM_RE.test(x.s) ? i : undefined;
    return lead;
  });
}

/**
 * The passage's sentences grouped as they are read: a list item's sentences together ("-
 * **Wood-destroying insect report.** Termites are common… It usually costs $100 to $150."), each
 * other sentence alone.
 */
function unitsOf(sentences: Sentence[]): { units: number[][]; isItem: boolean[] } {
  const item = itemsOf(sentences);
  const units: number[][] = [];
  for (const i of sentences.keys()) {
    const lead = item[i];
    const last = units[units.length - 1];
    if (lead !== undefined && lead !== i && last) last.push(i);
    else units.push([i]);
  }
  return { units, isItem: units.map((unit) => item[unit[0] ?? -1] === unit[0]) };
}

function pickSentences(content: string, sentences: Sentence[], concepts: Set<string>[]): string {
  if (sentences.length <= 2 || content.split(/\s+/).length <= WHOLE_WORDS) return joinedSentences(sentences);
  const { units, isItem } = unitsOf(sentences);
  const held = units.map((unit) => {
    const words = wordsAndStems(
      unit.flatMap((i) => {
        const s = sentences[i]?.s ?? '';
        return [...termsOf(s), ...personWords(s, concepts), ...contactWords(s, true).split(' ')];
      }),
    );
    return new Set(concepts.filter((c) => holds(words, c)));
  });
  const picked = new Set<number>();
  const covered = new Set<Set<string>>();
  while (picked.size < MAX_SENTENCES) {
    let best = -1;
    let gain = 0;
    for (const [i, h] of held.entries()) {
      const g = [...h].filter((c) => !covered.has(c)).length;
      if (!picked.has(i) && g > gain) [best, gain] = [i, g];
    }
    if (best < 0) break;
    // A sentence alone may need the one after it; a list item is whole.
    if (picked.size === 0 && best + 1 < units.length && !isItem[best]) picked.add(best + 1);
    picked.add(best);
    for (const c of held[best] ?? []) covered.add(c);
  }
  if (picked.size === 0) return joinedSentences(sentences.slice(0, 2));
  const kept = [...picked].sort((x, y) => x - y).flatMap((u) => units[u] ?? []);
  return joinedSentences(kept.flatMap((i) => (sentences[i] ? [sentences[i]] : [])));
}

/**
 * How an answer names where it comes from: a Q&A entry by its question; a web page by its
 * title and address; a document by its file name and the section; the free text by its section,
 * or by nothing ("") when it has none: the engine then says "our FAQ" in the answer's language
 * rather than the source's type ("Text").
 */
export function sourceLabel(hit: PassageHit): string {
  if (hit.question) return hit.question;
  if (hit.link) return `${hit.title || hit.link}${hit.title ? ` (${hit.link})` : ''}`;
  if (hit.sourceType === 'FileList') return hit.heading ? `${hit.sourceName}, ${hit.heading}` : hit.sourceName;
  if (hit.sourceType === 'UrlList') return hit.sourceName;
  return hit.heading || (hit.sourceType === 'Text' ? '' : hit.sourceName);
}
