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
    // "o primeiro", and the article joined to a preposition: "do primeiro", "no segundo", "pela terceira".
    '(?:d|n|pel)?o (?:primeir|segund|terceir|quart|quint|sext|setim|oitav|non|decim|ultim)o',
    '(?:d|n|pel)?a (?:primeir|segund|terceir|quart|quint|sext|setim|oitav|non|decim|ultim)a',
  ],
  timeOrdinalBefore: [],
  timeUnitsAfterOrdinal: [],
  timeUnitsBeforeOrdinal: [],
  timeOrdinalAfter: [],
  firstTime: [],
  ownOrdinalBefore: [],
  ownOrdinal: [],
  // "segunda", "quarta", "quinta", "sexta": the second … sixth, and Monday, Wednesday, Thursday, Friday.
  dayOrdinals: ['segunda', 'quarta', 'quinta', 'sexta'],
  dayOrdinalDayAfter: ['feira'],
  dayOrdinalDayBefore: [
    'na',
    'nesta',
    'numa',
    'esta',
    'essa',
    'proxima',
    'toda',
    'cada',
    'ate',
    'ate a',
    'de',
    'desde',
    // A range: "de segunda a sexta".
    'de \\w+(?:[- ]feira)? a',
  ],
  dayOrdinalArticle: ['a'],
  dayOrdinalNouns: ['casa', 'opcao', 'propriedade', 'residencia', 'moradia', 'cobertura', 'unidade', 'da lista'],
  it: ['esse', 'essa', 'esse imovel', 'essa casa'],
  pointsBack: ['isso', 'isto'],
  itWanted: [],
  them: ['eles', 'elas', 'esses', 'essas', 'deles', 'delas'],
  moreAtStart: ['(me )?mostre mais', '(mais|outras|outros)( opcoes)?', 'ver mais'],
  more: [],
} satisfies Partial<Vocabulary>;
