// French: places and street addresses: the words before a place, words that are no place, and how addresses are written.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const places = {
  placeBefore: ['à', 'près de'],
  notPlace: w('janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre'),
  notCity:
    w(`vous avez des maison maisons a vendre louer chambres moins je cherche combien une les le du et ou est au aux pour
    avec prix`),
  cityArticles: ['le', 'les', 'saint'],
  address: { suffixes: {}, stop: ['au', 'de', 'en'], unit: [], unitAt: ['au', 'de', 'en'], join: ['ou', 'et'] },
} satisfies Partial<Vocabulary>;
