// Spanish: homes or the brokerage, a new search or a follow-up.
import type { Vocabulary } from '../types.ts';

export const routing = {
  homesPlural: ['casas', 'propiedades'],
  homeSingular: ['casa', 'propiedad', 'departamento'],
  possessive: ['mi', 'nuestr[ao]'],
  ownHome: ['casa', 'propiedad', 'apartamento', 'departamento', 'depto', 'piso', 'inmueble'],
  saleTypeAsked: ['en venta', 'en renta', 'se vende', 'se renta'],
  addressed: [
    'ustedes',
    'usted',
    'su',
    'sus',
    'aceptan',
    'admiten',
    'permiten',
    'cobran',
    'compran',
    'venden',
    'ofrecen',
  ],
  asksAbout: ['cuanto', 'que', 'quien'],
  asksHow: ['como', 'cuando', 'donde'],
  agencyFee: ['comision(es)?', 'honorarios?', 'cobran'],
  agencyService: ['administran', 'manejan', 'gestionan'],
  freshSearch: ['busco', 'estoy buscando', 'quiero', 'necesito', 'tienen', 'tiene', 'hay', 'muestrame'],
  instead: ['en (lugar|vez) de', 'mejor en'],
  followUpCue: ['y', 'o', 'solo', 'con', 'sin', 'que'],
} satisfies Partial<Vocabulary>;
