// French: showings: asking for one, days and times, and which offered slot a reply picks.
import type { Vocabulary } from '../types.ts';

export const tours = {
  dates: 'fr',
  partsOfDay: {
    morning: ['matin', 'matinee'],
    afternoon: ['apres-midi'],
    evening: ['soir', 'soiree'],
  },
  hourBefore: ['vers'],
  tour: ['visite', 'visiter', 'rendez-vous', 'rdv'],
  tourSee: ['voir'],
  meetAgent: ['rencontrer un agent'],
  notTour: ['en ligne', 'bureau', 'agence'],
  visitCount: ['combien'],
  visits: ['visites'],
  tourSearch: ['maisons', 'appartements'],
  slotOrdinals: {
    1: ['premier', 'premiere'],
    2: ['deuxieme', 'seconde?'],
    3: ['troisieme'],
    4: ['quatrieme'],
    5: ['cinquieme'],
    6: ['sixieme'],
    last: ['dernier', 'derniere'],
  },
  slotNumber: ['n°', 'option', 'numero'],
  yes: ['oui', "d'accord", 'parfait'],
} satisfies Partial<Vocabulary>;
