// French: telling the language: its names in the settings, its function words and letters.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const detect = {
  settingNames: ['french', 'francais', 'fr'],
  detect: {
    words:
      w(`vous avez des maison maisons vendre louer location chambres chambre moins je cherche combien bonjour une les est
      quel quelle quels ou appartement appartements avec pour prix salut merci acheter piscine mois au aux du et il sont
      montrez-moi montrez trouver biens bien logement vendues vendus coucou bonsoir nuit`),
    // "è", "œ"… are French only; "à", "â", "ç", "ê", "ô" French or Portuguese ("à venda", "às 10").
    marks: [
      { chars: 'èëîïùûœ', weight: 2 },
      { chars: 'àâçêô', weight: 1 },
    ],
  },
} satisfies Partial<Vocabulary>;
