// What the engine says in conversation beyond listing searches: fair housing, questions it
// cannot answer, leads, small talk, references, yes/no answers, comparisons, and the names
// of the criteria an answer applied. Each language's are in its folder (en/talk.ts, …).
import type { Feature, Sort, TypeFamily } from '../../../listings/index.ts';
import type { Topic } from '../honesty.ts';

export interface Talk {
  fairHousing: string;
  cannotAnswer(topic: Topic): string;
  cannotCheck(what: string[]): string;
  askName: string;
  askContactAgain: string;
  leadRecorded: string;
  whoAmI(name: string): string;
  bye: string;
  injection: string;
  refPastEnd(shown: number): string;
  noEarlierList: string;
  noMore: string;
  moreIntro(n: number): string;
  /** "Here are the 5 largest:" for orders other than newest and price. */
  showingSorted(shown: number, sort: Sort): string;
  yes: string;
  no: string;
  hasFeature(feature: Feature, has: boolean): string;
  compare(winner: string, other: string, by: 'price' | 'area' | 'lot' | 'year', values: [string, string]): string;
  featureName(f: Feature): string;
  typeName(types: TypeFamily[] | undefined, notTypes: TypeFamily[] | undefined): string | undefined;
  area(min?: string, max?: string): string | undefined;
  lot(min?: string, max?: string): string | undefined;
  year(min?: number, max?: number): string | undefined;
  hoa(max?: string, none?: boolean): string | undefined;
}

/** Every type family but the catch-all: naming all of them names no type at all. */
const HOMES_COUNT = 6;

/** typeName for a language: its families' names, and its words for "or" and "other than". */
export function typeNamer(names: Record<TypeFamily, string>, or: string, not: string): Talk['typeName'] {
  return (types, notTypes) => {
    const parts: string[] = [];
    if (types?.length && types.length < HOMES_COUNT) parts.push(types.map((t) => names[t]).join(` ${or} `));
    if (notTypes?.length) parts.push(`${not} ${notTypes.map((t) => names[t]).join(` ${or} `)}`);
    return parts.length ? parts.join(', ') : undefined;
  };
}
