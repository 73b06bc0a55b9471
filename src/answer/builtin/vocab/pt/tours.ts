// Portuguese: showings: asking for one, days and times, and which offered slot a reply picks.
import type { Vocabulary } from '../types.ts';

export const tours = {
  dates: 'pt',
  partsOfDay: {
    morning: ['(?:de|pela|na) manha'],
    afternoon: ['(?:a|de|pela|na) tarde'],
    evening: ['(?:a|de|pela|na) noite'],
  },
  hourBefore: ['as', 'pelas', 'por volta das'],
  tour: ['visita', 'visitar', 'conhecer o imovel', 'marcar uma visita'],
  tourSee: ['ver', 'conhecer'],
  meetAgent: ['(reuniao|encontro) com um corretor'],
  notTour: ['escritorio'],
  visitCount: ['quantas?'],
  visits: ['visitas'],
  tourSearch: ['casas', 'imoveis'],
  slotOrdinals: {
    1: ['primeir[oa]'],
    2: ['segund[oa]'],
    3: ['terceir[oa]'],
    4: ['quart[oa]'],
    5: ['quint[oa]'],
    6: ['sext[oa]'],
    last: ['ultim[oa]'],
  },
  slotNumber: ['opcao', 'numero'],
  yes: ['sim', 'pode ser', 'perfeito'],
} satisfies Partial<Vocabulary>;
