// Portuguese: what a message asks: counts, averages, help, yes/no and comparisons, a person, questions no listing answers, and two questions in one.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const asks = {
  count: ['quant[oa]s'],
  countLead: ['quant[oa]s'],
  countFillers: w('voces voce tem temos existem ha'),
  average: ['preco medio', 'quanto custam'],
  help: [],
  yesNo: [],
  compare: [],
  or: [],
  human: [
    'falar com (?:um |uma |o |a |algum |alguem)?(?:corretor|corretora|atendente|humano|pessoa|agente|alguem)',
    '(?:quero|preciso de|gostaria de) (?:um |uma )?(?:corretor|corretora|atendente)',
  ],
  realEstate: ['imove(l|is)', 'imobiliari\\w*', 'quartos?', 'banheiros?', 'aluguel', 'alugar'],
  offTopic: [],
  unanswerable: {
    commercial: [
      'salas? comercia(l|is)',
      'pontos? comercia(l|is)',
      'lojas? para (alugar|venda|vender)',
      'galpao',
      'galpoes',
      'escritorios? para (alugar|venda|vender)',
    ],
    schools: ['escolas?'],
    crime: ['criminalidade', 'seguranca'],
    rates: ['financiamento', 'financiar', 'taxas? de juros?'],
    forecast: [
      '(bom|boa|melhor) (momento|hora|investimento) para (investir|comprar)',
      'vale a pena investir',
      'tendencias? do mercado',
      'tendencias? de precos?',
      'valorizacao',
      '(melhor|bom) investimento',
    ],
    walkability: ['transporte publico'],
    listingAgent: ['corretor do vendedor'],
    insurance: ['seguro residencial'],
  },
  compound: {
    questionStart: ['o que', 'qual', 'quais', 'como', 'onde', 'quando', 'quem', 'cobram', 't[eê]m'],
    auxiliary: ['t[eê]m'],
    joiners: ['e', 'tamb[eé]m', 'al[eé]m disso'],
    openers: ['e'],
  },
} satisfies Partial<Vocabulary>;
