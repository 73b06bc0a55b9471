// Portuguese: small talk (greetings, thanks, goodbyes, "are you a bot"), and instructions smuggled into a message.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const talk = {
  greeting: {
    core: w('ola oi bom boa'),
    filler: w('dia tarde noite tudo bem como vai voce e ai'),
    phrases: ['tudo bem', 'como vai'],
  },
  thanks: {
    core: w('obrigado obrigada valeu tchau falou'),
    filler: w('isso e muito muita beleza ta so'),
    phrases: ['e so isso', 'so isso'],
  },
  whoAmI: [
    '(estou falando|falo) com (um |uma )?(pessoa|humano|robo|bot|maquina)',
    '(voce|vc) e (um |uma )?(robo|bot|pessoa|humano|ia)',
    'quem e voce',
  ],
  bye: ['tchau', 'ate (logo|mais|amanha)', '(tenho|preciso) (que |de )?ir'],
  okay: [],
  injection: {
    ignore: [],
    instructions: [],
    roles: [],
    reveal: [],
    revealed: [],
    phrases: ['ignore (suas|as) instru[cç][oõ]es', 'esque[cç]a (suas|as) instru[cç][oõ]es'],
  },
} satisfies Partial<Vocabulary>;
