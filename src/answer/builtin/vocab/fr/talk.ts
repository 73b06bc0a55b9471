// French: small talk (greetings, thanks, goodbyes, "are you a bot"), and instructions smuggled into a message.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const talk = {
  greeting: {
    core: w('bonjour bonsoir salut coucou'),
    filler: w('ca va comment allez vous tu et'),
    phrases: ['ca va', 'comment allez'],
  },
  thanks: {
    core: w('merci revoir'),
    filler: w("beaucoup au bien parfait c'est tout bonsoir bonne soiree journee"),
    phrases: ["c'est tout"],
  },
  whoAmI: [
    'qui etes[- ]vous',
    'qui es[- ]tu',
    'etes[- ]vous (un )?(robot|humain|bot)',
    'es[- ]tu (un )?(robot|humain|bot)',
    '(je parle|parle[- ]je) (a|avec) (un )?(vrai )?(humain|robot|bot|machine)',
  ],
  bye: ['au revoir', 'a bientot', 'bonne (journee|soiree|nuit)', 'je dois (y aller|partir|filer)'],
  okay: [],
  injection: {
    ignore: [],
    instructions: [],
    roles: [],
    reveal: [],
    revealed: [],
    phrases: ['ignore[sz]? (vos|tes|les) instructions'],
  },
} satisfies Partial<Vocabulary>;
