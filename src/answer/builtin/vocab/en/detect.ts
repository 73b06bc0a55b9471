// English: telling the language: its names in the settings, its function words and letters.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const detect = {
  settingNames: ['english', 'en'],
  detect: {
    words:
      w(`the do does you have any homes home house houses for sale with what how many is are show me looking bedroom
      bedrooms bed beds under rent rentals i want need find there hi hello price of near and or who which where can please will
      would could should go up in it its my we our to at this that be get got some want`),
    marks: [],
  },
} satisfies Partial<Vocabulary>;
