// French: homes or the brokerage, a new search or a follow-up.
import type { Vocabulary } from '../types.ts';

export const routing = {
  homesPlural: ['maisons', 'biens', 'logements', 'appartements'],
  homeSingular: ['maison', 'bien', 'logement', 'appartement'],
  possessive: ['ma', 'mon', 'notre'],
  ownHome: ['maison', 'propriete', 'appartement', 'logement', 'bien'],
  saleTypeAsked: ['a vendre', 'a louer'],
  addressed: ['vous', 'votre', 'vos', 'acceptez'],
  asksAbout: ['combien', 'quel', 'quelle', 'qui', 'pourquoi'],
  asksHow: ['comment', 'quand'],
  agencyFee: ['commissions?', '(?<!charges )frais', 'honoraires?', 'facturez'],
  agencyService: ['gerez', 'gerer', 'gestion'],
  freshSearch: ['je cherche', 'je voudrais', 'je veux', 'avez-vous', 'vous avez', 'y a-t-il', 'montrez'],
  instead: ['plutot', 'au lieu de'],
  followUpCue: ['et', 'avec', 'sans', 'seulement'],
} satisfies Partial<Vocabulary>;
