// Portuguese: what a message points at in the conversation: positions, "it", "them", "more".
import type { Vocabulary } from '../types.ts';

export const reference = {
  ordinals: {
    1: ['primeir[oa]'],
    2: ['segund[oa]'],
    3: ['terceir[oa]'],
    4: [], // "quarto" is a bedroom
    5: ['quint[oa]'],
    6: ['sext[oa]'],
    7: ['setim[oa]'],
    8: ['oitav[oa]'],
    9: ['non[oa]'],
    10: ['decim[oa]'],
    last: ['ultim[oa]'],
  },
  ordinalContext: [
    'casa',
    'imovel',
    'opcao',
    'anuncio',
    'apartamento',
    'o (?:primeir|segund|terceir|quart|quint|sext|setim|oitav|non|decim|ultim)o',
  ],
  timeOrdinalBefore: [],
  timeUnitsAfterOrdinal: [],
  timeUnitsBeforeOrdinal: [],
  timeOrdinalAfter: [],
  firstTime: [],
  ownOrdinalBefore: [],
  ownOrdinal: [],
  it: ['esse', 'essa', 'esse imovel', 'essa casa'],
  them: ['eles', 'elas', 'esses', 'essas', 'deles', 'delas'],
  moreAtStart: ['(me )?mostre mais', '(mais|outras|outros)( opcoes)?', 'ver mais'],
  more: [],
} satisfies Partial<Vocabulary>;
