// Spanish: contact details typed into the chat.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const contact = {
  contact: {
    intro: ['soy', 'me llamo', 'mi nombre es'],
    notNames: w('Si Sí Hola Gracias Mi'),
    phoneWords: ['numero', 'número', 'llam'],
    scales: ['mil'],
    currencyWords: [],
  },
} satisfies Partial<Vocabulary>;
