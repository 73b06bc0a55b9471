// Spanish: showings: asking for one, days and times, and which offered slot a reply picks.
import type { Vocabulary } from '../types.ts';

export const tours = {
  dates: 'es',
  partsOfDay: {
    morning: ['(?:por|en|de) la manana'],
    afternoon: ['(?:por|en|de|a) la tarde'],
    evening: ['(?:por|en|de) la noche'],
  },
  hourBefore: ['a las', 'sobre las', 'hacia las', 'a eso de las'],
  tour: ['visita', 'visitar', 'visitarla', 'visitarlo', 'recorrido', 'cita', 'agendar'],
  tourSee: ['ver', 'verla', 'verlo'],
  meetAgent: ['reunir(me|nos)? con un agente'],
  notTour: ['en linea', 'oficina'],
  visitCount: ['cuantas?'],
  visits: ['visitas'],
  tourSearch: ['casas', 'viviendas', 'pisos'],
  slotOrdinals: {
    1: ['primer[oa]?'],
    2: ['segund[oa]'],
    3: ['tercer[oa]?'],
    4: ['cuart[oa]'],
    5: ['quint[oa]'],
    6: ['sext[oa]'],
    last: ['ultim[oa]'],
  },
  slotNumber: ['opcion', 'numero'],
  yes: ['si', 'vale', 'claro', 'de acuerdo', 'perfecto'],
} satisfies Partial<Vocabulary>;
