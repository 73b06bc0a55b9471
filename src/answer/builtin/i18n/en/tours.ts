// What the builtin engine says in English while booking a showing (i18n/tour-texts.ts).
import type { TourTexts } from '../tour-texts.ts';

export const tours: TourTexts = {
  offer: (address) => (address ? `Free times to see ${address}:` : 'Free times to meet an agent:'),
  free: (label) => `${label} is free.`,
  notFree: (label) => `${label} is not available. The nearest free times:`,
  noneThen: 'Nothing is free then. The nearest free times:',
  pick: 'Which one suits you? Tell me its number or its time.',
  askContact: (label) => `To book ${label}, what is your name, and an email or a phone number?`,
  askName: 'And your name, please?',
  askReach: 'And an email or a phone number for the confirmation?',
  booked: (label, address, url, email) =>
    `You’re booked${address ? ` to see ${address}` : ' with an agent'} on ${label}. ` +
    (email ? `A confirmation with a calendar invitation is on its way to ${email}. ` : '') +
    `To cancel or choose another time: ${url}`,
  justTaken: (label) => `Sorry, ${label} was just taken. The free times now:`,
  refused: (reason) => `I couldn’t book that: ${reason}.`,
  unavailable: 'No showing time is free in the coming days.',
  leaveContact: 'Leave your name and a phone number or email, and an agent will arrange it with you.',
};
