// What a message points at in the conversation: a listing of the last answer by position
// ("the second one", "la segunda", "la deuxième"), the listing the last turn was about
// ("it", "that one", "esa", "celle-ci"), the last answer's listings as a set ("them",
// "which of those"), or the next page ("show me more"). On normalized text; the words are each
// language's (vocab/).
import { withoutDayOrdinals } from './day-ordinals.ts';
import { alternation, conceptRe } from './vocab/index.ts';

export interface Reference {
  /** 1-based position in the last answer's listings; -1 for "the last one". */
  position?: number;
  /** "it", "that one": the listing the conversation is about. */
  it: boolean;
  /** "them", "those", "which of them": the last search's listings. */
  them: boolean;
  /** "show me more", "next", "más", "plus". */
  more: boolean;
}

const ORDINALS: [RegExp, number][] = ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'last'] as const).map((n) => [
  conceptRe((v) => v.ordinals[n]),
  n === 'last' ? -1 : n,
]);
/** An ordinal points into the last answer only when it is about a listing, not "first-time buyer". */
const ORDINAL_CONTEXT = conceptRe((v) => v.ordinalContext);
const IT_RE = conceptRe((v) => v.it);
/** "it must be a condo": the home wanted, not the one shown. */
const IT_WANTED_RE = conceptRe((v) => v.itWanted, 'g');
const THEM_RE = conceptRe((v) => v.them);
const MORE_RE = new RegExp(`^${alternation((v) => v.moreAtStart)}\\b|\\b${alternation((v) => v.more)}\\b`);

const TIME_ORDINALS = [
  `${alternation((v) => v.timeOrdinalBefore)} ${alternation((v) => v.timeUnitsAfterOrdinal)}`,
  `${alternation((v) => v.timeUnitsBeforeOrdinal)} ${alternation((v) => v.timeOrdinalAfter)}`,
];
/** A time said with an ordinal: "next year", "last month", "l'année dernière", "el mes pasado". */
export const TIME_RE = new RegExp(TIME_ORDINALS.map((part) => `\\b${part}\\b`).join('|'), 'g');

/**
 * Ordinals that point at no listing: a time ("last year", "first time") and a home of the
 * visitor's own ("my first home", "leur première maison").
 */
const NOT_ORDINAL_RE = new RegExp(
  [
    ...TIME_ORDINALS,
    alternation((v) => v.firstTime),
    `${alternation((v) => v.ownOrdinalBefore)} ${alternation((v) => v.ownOrdinal)}`,
  ]
    .map((part) => `\\b${part}\\b`)
    .join('|'),
  'g',
);

export function referenceOf(text: string): Reference {
  const bare = text.replace(/^[¿¡\s]+/, '');
  // "segunda-feira", "de segunda a sexta" are days, not positions.
  const ordinals = withoutDayOrdinals(bare).replace(NOT_ORDINAL_RE, ' ');
  let position: number | undefined;
  for (const [re, n] of ORDINALS) {
    if (re.test(ordinals) && ORDINAL_CONTEXT.test(ordinals)) {
      position = n;
      break;
    }
  }
  return {
    position,
    it: IT_RE.test(bare.replace(IT_WANTED_RE, ' ')),
    them: THEM_RE.test(bare),
    more: MORE_RE.test(bare),
  };
}
