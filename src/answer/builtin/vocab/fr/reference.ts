// French: what a message points at in the conversation: positions, "it", "them", "more".
import type { Vocabulary } from '../types.ts';

export const reference = {
  ordinals: {
    1: ['premier', 'premiere'],
    2: ['deuxieme', 'seconde?'],
    3: ['troisieme'],
    4: ['quatrieme'],
    5: ['cinquieme'],
    6: ['sixieme'],
    7: ['septieme'],
    8: ['huitieme'],
    9: ['neuvieme'],
    10: ['dixieme'],
    last: ['dernier', 'derniere'],
  },
  ordinalContext: ['la', 'le', "l'", 'de la', 'du', 'annonce', 'maison'],
  timeOrdinalBefore: [],
  timeUnitsAfterOrdinal: [],
  timeUnitsBeforeOrdinal: ['annee', 'mois', 'semaine', 'fois'],
  timeOrdinalAfter: ['dernier', 'derniere'],
  firstTime: [],
  ownOrdinalBefore: ['mon', 'ma', 'notre', 'votre', 'leur', 'son', 'sa'],
  ownOrdinal: ['premier', 'premiere', 'dernier', 'derniere'],
  it: ['celui-ci', 'celle-ci', 'celui-la', 'celle-la', 'cette maison', 'ce logement', 'ce bien'],
  them: ['ceux-ci', 'celles-ci', 'parmi eux', 'parmi elles', 'lesquels', 'lesquelles'],
  moreAtStart: ['plus', 'encore', "d'autres", 'la suite', "montrez-m'en plus", 'montrez-moi plus'],
  more: [],
} satisfies Partial<Vocabulary>;
