// Portuguese: requests to select or steer by a characteristic fair-housing law protects.
import type { Vocabulary } from '../types.ts';

export const fairHousing = {
  fairHousing: {
    traits: {
      colour: ['pele (clara|escura|branca|morena)'],
      race: ['raca', 'etnia', 'bairros? (de )?(brancos|negros)'],
      religion: ['(muculman[oa]s?|judeus?|judias?|cristaos?|cristas?|catolic[oa]s?|evangelic[oa]s?)'],
      'national origin': ['(imigrantes?|estrangeir[oa]s)'],
      'familial status': ['so adultos'],
      disability: [],
      sex: ['so (mulheres|homens)', 'sem (mulheres|homens)'],
    },
    who: [],
    area: [],
    less: ['sem', 'poucos', 'longe de'],
    without: ['sem'],
    children: ['criancas', 'familias'],
    disabled: ['deficientes?'],
    residents: ['pessoas', 'inquilinos', 'vizinhos'],
    accessible: [],
    self: ['sou', 'estou', 'temos', 'meus?', 'minhas?'],
    steering: ['bairros?', 'vizinhos'],
    abroad: ['no exterior'],
    notPeople: [],
  },
} satisfies Partial<Vocabulary>;
