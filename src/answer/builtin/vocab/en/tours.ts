// English: showings: asking for one, days and times, and which offered slot a reply picks.
import type { Vocabulary } from '../types.ts';

export const tours = {
  dates: 'en',
  partsOfDay: {
    morning: ['morning', 'a\\.?m\\.? (?:slot|time)'],
    afternoon: ['afternoon'],
    evening: ['evening', 'tonight'],
  },
  hourBefore: ['at', 'around', 'about'],
  tour: ['tour', 'showings?', 'viewing', 'walk ?through', 'visit', 'appointment'],
  tourSee: ['see', 'view', 'look at', 'check out'],
  meetAgent: ['(meet|meeting)( with)? (an?|the|your|one of your) (agent|realtor)'],
  notTour: ['virtual', 'video', '3d', 'online', 'office'],
  visitCount: ['how many'],
  visits: ['visits'],
  tourSearch: ['homes', 'houses', 'condos', 'listings', 'apartments'],
  slotOrdinals: {
    1: ['first', '1st'],
    2: ['second', '2nd'],
    3: ['third', '3rd'],
    4: ['fourth', '4th'],
    5: ['fifth', '5th'],
    6: ['sixth', '6th'],
    last: ['last one', 'the last'],
  },
  slotNumber: ['#', 'no\\.?', 'option', 'number'],
  yes: ['yes', 'yeah', 'yep', 'sure', 'ok', 'okay', 'perfect', 'great', 'that works', 'book it'],
} satisfies Partial<Vocabulary>;
