// Spanish: requests to select or steer by a characteristic fair-housing law protects.
import type { Vocabulary } from '../types.ts';

export const fairHousing = {
  fairHousing: {
    traits: {
      colour: ['piel (clara|oscura|blanca|morena)'],
      race: ['raza', 'barrios? (de )?(blancos|negros|asiaticos)'],
      religion: ['(judios?|judias?|cristian[oa]s?|catolic[oa]s?|mormon(es|s)?)'],
      'national origin': ['(inmigrantes?|extranjer[oa]s|mexican[oa]s)'],
      'familial status': ['solo adultos'],
      disability: [],
      sex: ['solo (mujeres|hombres)', '(sin|no) (mujeres|hombres)'],
    },
    who: [],
    area: [],
    less: ['sin', 'pocos', 'lejos de'],
    without: ['sin'],
    children: ['ninos', 'ninas', 'familias'],
    disabled: ['discapacitad[oa]s?', 'minusvalid[oa]s?'],
    residents: ['personas', 'inquilinos', 'vecinos'],
    accessible: [],
    self: ['soy', 'somos', 'estoy', 'tenemos', 'mis?', 'nuestr[oa]s?'],
    steering: ['vecinos', 'barrios?', 'zonas?'],
    abroad: ['en el extranjero'],
    notPeople: [],
  },
} satisfies Partial<Vocabulary>;
