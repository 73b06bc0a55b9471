// Fair housing: a request to select or steer by race, colour, religion, national origin,
// sex, disability or familial status is declined for that part, in every language the
// engine speaks, coded words included ("away from Muslims", "fewer immigrants", "no
// families with kids", "un barrio sin latinos"). The rest of the request, the lawful
// criteria, is answered as usual. Patterns run on normalized text (lower case, no accents)
// and are written so that housing words that merely look alike ("single-family", "family
// room", "white kitchen", "wheelchair accessible") do not trigger them. The words are each
// language's (vocab/, fairHousing).
import { alternation, conceptRe, type Phrases } from './vocab/index.ts';
import type { FairHousingWords, Trait } from './vocab/parts.ts';

export type { Trait } from './vocab/parts.ts';

const TRAITS: Trait[] = ['colour', 'race', 'religion', 'national origin', 'familial status', 'disability', 'sex'];
const LISTS = ['who', 'area', 'less', 'without', 'children', 'disabled', 'residents', 'accessible'] as const;

type Lists = Pick<FairHousingWords, (typeof LISTS)[number]>;
const words = (pick: (f: FairHousingWords) => Phrases) => alternation((v) => pick(v.fairHousing));
const conceptOf = (pick: (f: FairHousingWords) => Phrases, flags = '') => conceptRe((v) => pick(v.fairHousing), flags);

/** A trait's phrases, each shared list named in them (`<less>`) replaced by every language's words. */
const NAMED = new RegExp(`<(${LISTS.join('|')})>`, 'g');
const SHARED = Object.fromEntries(LISTS.map((l) => [l, words((f) => f[l])])) as Record<keyof Lists, string>;
const PATTERNS: { trait: Trait; re: RegExp }[] = TRAITS.map((trait) => {
  const source = conceptOf((f) => f.traits[trait]).source;
  return { trait, re: new RegExp(source.replace(NAMED, (_, l: keyof Lists) => SHARED[l])) };
});

/**
 * The visitor telling about themselves or their household, just before a protected word: "I'm
 * disabled", "my parents are immigrants", "we have no kids yet", "my name is Christian", "je suis
 * à l'étranger". Lawful, unless the message also selects who lives around (STEERING_RE).
 */
const SELF_RE = conceptOf((f) => f.self);
/** Words of a request about who the neighbours are: with them, a protected word is steering. */
const STEERING_RE = conceptOf((f) => f.steering);
/** Abroad ("à l'étranger", "en el extranjero", "no exterior"): where the visitor is, not who. */
const ABROAD_RE = conceptOf((f) => f.abroad, 'g');
/** A protected word naming a benefit or an occasion, not people: "religious holidays", "disabled veterans' discount". */
const NOT_PEOPLE_RE = new RegExp(`^\\s*${words((f) => f.notPeople)}\\b`);

function lawful(normalized: string, m: RegExpExecArray): boolean {
  if (NOT_PEOPLE_RE.test(normalized.slice(m.index + m[0].length))) return true;
  const before = normalized.slice(0, m.index).split(/\s+/).filter(Boolean).slice(-3).join(' ');
  return SELF_RE.test(before) && !STEERING_RE.test(normalized);
}

/**
 * The protected characteristic a request steers by, and the text without that part. A visitor
 * who only tells about themselves (lawful() above) is not steering: HUD's 1995 guidance on
 * advertisements under §804(c) looks for a preference or a limitation on who may live there.
 */
export function fairHousingOf(normalized: string): { trait: Trait; rest: string } | null {
  const text = normalized.replace(ABROAD_RE, ' ');
  for (const { trait, re } of PATTERNS) {
    for (const m of text.matchAll(new RegExp(re.source, 'g'))) {
      if (!lawful(text, m as RegExpExecArray)) return { trait, rest: normalized.replace(re, ' ') };
    }
  }
  return null;
}
