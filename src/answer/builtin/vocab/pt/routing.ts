// Portuguese: homes or the brokerage, a new search or a follow-up.
import type { Vocabulary } from '../types.ts';

export const routing = {
  homesPlural: [],
  homeSingular: [],
  possessive: ['meu', 'minha', 'nosso', 'nossa'],
  ownHome: ['imovel', 'casa', 'apartamento', 'ape'],
  saleTypeAsked: [],
  addressed: ['voces', 'seu', 'sua', 'aceitam', 'permitem', 'cobram', 'compram', 'vendem', 'oferecem'],
  asksAbout: ['quanto', 'qual', 'quem'],
  asksHow: ['como', 'quando', 'onde'],
  agencyFee: ['comissao', 'comissoes', 'taxas?', 'honorarios', 'cobram'],
  agencyService: ['administram', 'gerenciam', 'cuidam'],
  freshSearch: ['procuro', 'estou procurando', 'quero', 'preciso', 'voces tem', 'tem'],
  instead: ['em vez de', 'melhor em'],
  followUpCue: [],
} satisfies Partial<Vocabulary>;
