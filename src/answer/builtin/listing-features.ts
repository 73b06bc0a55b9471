// A listing's features as the listings feature stored them when the listing was written
// (listings/features.ts): the engine never re-reads descriptions per question.
import { FEATURES, type Feature, type Listing } from '../../listings/index.ts';

export function featureList(l: Listing): Feature[] {
  const stored = l.features ?? '';
  return FEATURES.filter((f) => stored.includes(`|${f}|`));
}

export function hasFeature(l: Listing, f: Feature): boolean {
  return featureList(l).includes(f);
}
