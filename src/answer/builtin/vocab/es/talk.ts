// Spanish: small talk (greetings, thanks, goodbyes, "are you a bot"), and instructions smuggled into a message.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const talk = {
  greeting: {
    core: w('hola buenas buenos'),
    filler: w('como estas esta que tal dias tardes noches y'),
    phrases: ['como estas?', 'que tal'],
  },
  thanks: {
    core: w('gracias adios chao ciao'),
    filler: w('muchas muchisimas genial vale perfecto eso es todo'),
    phrases: ['eso es todo', 'es todo'],
  },
  whoAmI: [
    'quien eres',
    'eres (un |una )?(bot|robot|persona|humano|ia)',
    '(hablo|estoy hablando) con (un |una )?(real |de verdad )?(persona|humano|robot|bot|maquina)',
  ],
  bye: ['adios', 'hasta (luego|pronto|manana)', 'chao', 'ciao', 'tengo que irme', 'me tengo que ir'],
  okay: [],
  injection: {
    ignore: [],
    instructions: [],
    roles: [],
    reveal: [],
    revealed: [],
    phrases: ['ignora (tus|las) instrucciones'],
  },
} satisfies Partial<Vocabulary>;
