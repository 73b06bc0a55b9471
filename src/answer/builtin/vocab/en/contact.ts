// English: contact details typed into the chat.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const contact = {
  contact: {
    intro: ["I['’]?m", 'I am', 'my name is', 'this is'],
    notNames: w('Sure Yes Yeah Ok Okay Hi Hello Thanks Please Call Email Phone My Me I Tel'),
    phoneWords: ['call', 'phone', 'tel', 'number'],
    scales: ['k', 'm'],
    currencyWords: ['dollars?'],
  },
} satisfies Partial<Vocabulary>;
