// Portuguese: contact details typed into the chat.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const contact = {
  contact: {
    intro: ['meu nome [eé]', 'me chamo', 'sou'],
    notNames: w('Sim Olá Ola Obrigado Obrigada Meu Minha'),
    phoneWords: ['lig'],
    scales: ['mil'],
    currencyWords: ['reais'],
  },
} satisfies Partial<Vocabulary>;
