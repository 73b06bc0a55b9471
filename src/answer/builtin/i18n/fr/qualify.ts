// The qualifying questions in French (i18n/qualify-texts.ts).
import type { QualifyTexts } from '../qualify-texts.ts';

export const qualify: QualifyTexts = {
  ask: {
    Intent: 'Une petite question : vous souhaitez acheter, vendre, louer ou investir ?',
    Timeline:
      'Une petite question : quand aimeriez-vous déménager — tout de suite, dans 1–3 mois, 3–6 mois, 6–12 mois, ou plus tard ?',
    PreApproved: 'Une petite question : avez-vous un accord de principe pour votre prêt (oui ou non) ?',
    Budget: 'Une petite question : quel budget avez-vous en tête ?',
    Areas: 'Une petite question : quelles villes ou quels quartiers vous intéressent ?',
    PropertyType: 'Une petite question : quel type de bien — maison, condo, appartement, maison de ville ou terrain ?',
  },
  noted: 'Merci, c’est noté.',
  thanks: 'Merci, c’est noté. Quelqu’un de notre équipe vous contactera bientôt.',
};
