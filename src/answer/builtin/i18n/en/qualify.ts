// The qualifying questions in English (i18n/qualify-texts.ts).
import type { QualifyTexts } from '../qualify-texts.ts';

export const qualify: QualifyTexts = {
  ask: {
    Intent: 'One quick question: are you looking to buy, sell, rent or invest?',
    Timeline:
      'One quick question: when would you like to move — now, in 1–3 months, 3–6 months, 6–12 months, or later?',
    PreApproved: 'One quick question: are you pre-approved for a mortgage (yes or no)?',
    Budget: 'One quick question: what budget do you have in mind?',
    Areas: 'One quick question: which cities or neighbourhoods interest you?',
    PropertyType: 'One quick question: what kind of home — a house, condo, apartment, townhouse or land?',
  },
  noted: 'Thanks, noted.',
  thanks: 'Thanks, noted. Someone from our team will be in touch soon.',
};
