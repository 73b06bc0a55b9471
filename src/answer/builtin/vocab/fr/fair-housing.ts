// French: requests to select or steer by a characteristic fair-housing law protects.
import type { Vocabulary } from '../types.ts';

export const fairHousing = {
  fairHousing: {
    traits: {
      colour: ['peau (claire|foncee|blanche|noire)'],
      race: ['ethnie', 'origine ethnique', 'quartiers? (de )?(blancs|noirs)'],
      religion: ['(musulman(e|es|s)?|juifs?|juives?|chretien(ne)?s?|catholiques?)'],
      'national origin': ['(immigre(e)?s?|etrangers?|nationalite)'],
      'familial status': ['adultes seulement'],
      disability: [],
      sex: ['que des (femmes|hommes)', 'sans (femmes|hommes)'],
    },
    who: [],
    area: [],
    less: ['sans', 'peu de', 'loin des?'],
    without: ['sans', "pas d'"],
    children: ['enfants', 'familles', 'bebes'],
    disabled: ['handicapes?'],
    residents: ['personnes', 'locataires', 'voisins'],
    accessible: [],
    self: ['suis', 'sommes', 'avons', 'mon', 'ma', 'mes', 'nos'],
    steering: ['quartiers?', 'voisins'],
    abroad: ["a l'?\\s?etranger"],
    notPeople: [],
  },
} satisfies Partial<Vocabulary>;
