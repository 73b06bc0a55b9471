// Follow-up questions read with the one before them.
import { FOLLOW_UP_RE, normalize } from './lexicon.ts';
import { type ParsedQuestion, parseQuestion } from './parse.ts';

/**
 * A follow-up ("what about Dallas?", "¿y con piscina?") keeps what the previous question
 * asked for and changes only what it names itself.
 */
export function withPrevious(p: ParsedQuestion, previous: string): ParsedQuestion {
  const text = normalize(p.original).replace(/^[¿¡\s]+/, '');
  if (!FOLLOW_UP_RE.test(text) || p.intent !== 'search' || p.wordCount > 8) return p;
  const before = parseQuestion(previous);
  const own = <K extends keyof ParsedQuestion>(k: K): ParsedQuestion[K] => p[k] ?? before[k];
  return {
    ...p,
    intent: before.intent === 'count' ? 'count' : 'search',
    aboutHomes: true,
    minBedrooms: own('minBedrooms'),
    maxBedrooms: own('maxBedrooms'),
    minBathrooms: own('minBathrooms'),
    minPrice: own('minPrice'),
    maxPrice: own('maxPrice'),
    saleType: own('saleType'),
    status: own('status'),
    propertyTypes: own('propertyTypes'),
    looseType: p.propertyTypes ? p.looseType : before.looseType,
    zip: own('zip'),
    place: own('place'),
    features: [...new Set([...before.features, ...p.features])],
    // The city named now comes first; otherwise the one named before.
    cityCandidates: [...p.cityCandidates, ...before.cityCandidates],
    sort: p.sort === 'Newest' ? before.sort : p.sort,
  };
}
