// Spanish: what a message points at in the conversation: positions, "it", "them", "more".
import type { Vocabulary } from '../types.ts';

export const reference = {
  ordinals: {
    1: ['primer[oa]?'],
    2: ['segund[oa]'],
    3: ['tercer[oa]?'],
    4: ['cuart[oa]'],
    5: ['quint[oa]'],
    6: ['sext[oa]'],
    7: ['septim[oa]'],
    8: ['octav[oa]'],
    9: ['noven[oa]'],
    10: ['decim[oa]'],
    last: ['ultim[oa]'],
  },
  ordinalContext: ['la', 'el', 'de la', 'del', 'uno', 'una', 'casa', 'propiedad', 'anuncio', 'apartamento'],
  timeOrdinalBefore: ['(?:el|la) (?:ultim[oa]|pasad[oa])'],
  timeUnitsAfterOrdinal: ['ano', 'mes', 'semana', 'vez'],
  timeUnitsBeforeOrdinal: ['ano', 'mes', 'semana', 'vez'],
  timeOrdinalAfter: ['pasad[oa]', 'ultim[oa]'],
  firstTime: ['primera[- ]vez'],
  ownOrdinalBefore: ['mi', 'mis', 'su', 'sus', 'nuestr[oa]', 'tu'],
  ownOrdinal: ['primer[oa]?', 'ultim[oa]'],
  it: ['ese', 'esa', 'este', 'esta', 'esa casa', 'ese anuncio'],
  them: ['ellas', 'ellos', 'esas', 'esos', 'estas', 'estos', 'de ellas', 'de ellos'],
  moreAtStart: ['mas', 'muestrame mas', 'ver mas', '(muestrame |ensename )?(otras|otros)', 'siguientes'],
  more: [],
} satisfies Partial<Vocabulary>;
