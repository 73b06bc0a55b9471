// French: contact details typed into the chat.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const contact = {
  contact: {
    intro: ["je m['’]appelle", 'je suis', "moi c['’]est"],
    notNames: w('Oui Bonjour Merci Mon Ma Tél'),
    phoneWords: ['appel'],
    scales: [],
    currencyWords: [],
  },
} satisfies Partial<Vocabulary>;
