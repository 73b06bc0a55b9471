// Portuguese: what a visitor volunteers of what a brokerage qualifies on.
import type { Vocabulary } from '../types.ts';

export const qualification = {
  qualification: {
    sell: ['vender', 'vendo', 'vendemos', 'venda d[ao] (?:minha|nossa)'],
    buy: ['comprar', 'compro', 'compramos', 'compra de'],
    rent: ['alugar', 'aluguel', 'aluguer', 'arrendar'],
    invest: ['investir', 'investimento', 'investidor'],
    notApproved: [
      'nao (?:estou|estamos|sou|somos|temos|tenho)(?: ainda)? (?:pre-? ?aprovad[oa]s?|financiamento aprovado)',
      'precis(?:o|amos) de (?:financiamento|credito)',
    ],
    approved: ['pre-? ?aprovad[oa]s?', 'financiamento aprovado', 'credito aprovado', '(?:pagamento |pagar )?a vista'],
    now: ['o mais rapido possivel', 'o quanto antes', 'imediatamente', 'agora mesmo', 'este mes', 'urgente'],
    soon: ['no (?:mes que vem|proximo mes)', 'em algumas semanas'],
    year: ['no (?:ano que vem|proximo ano)', 'em um ano', 'daqui a um ano'],
    later: ['so (?:estou |estamos )?olhando', 'sem pressa', 'nao temos pressa', 'algum dia', 'daqui a uns anos'],
    months: ['mes(?:es)?'],
    weeks: ['semanas?'],
    seasons: {
      spring: ['primavera'],
      summer: ['verao'],
      autumn: ['outono'],
      winter: ['inverno'],
    },
    upTo: ['ate', 'menos de', 'no maximo', 'maximo', 'nao mais de'],
    atLeast: ['pelo menos', 'mais de', 'minimo', 'a partir de'],
    around: ['cerca de', 'por volta de', 'uns', 'aproximadamente', 'mais ou menos'],
    budget: ['orcamento', 'podemos pagar', 'posso pagar', 'pre-? ?aprovad[oa]s? (?:para|ate)'],
    between: ['entre'],
    and: ['e', 'a'],
    counts: { um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6 },
    countJoin: ['a', 'ou'],
    replyNo: ['nao', 'ainda nao'],
    replyYes: ['sim', 'ja', 'claro que sim'],
    types: {
      condo: ['condominio', 'condominios'],
      apartment: ['apartamentos?'],
      townhouse: ['sobrados?'],
      land: ['terrenos?'],
      house: ['casas?', 'moradias?', 'villas?'],
    },
    currencies: ['reais'],
    scales: { mil: 1e3, milhao: 1e6, milhoes: 1e6 },
    units: ['metros?', 'quartos?', 'anos?', 'mes(?:es)?', 'semanas?', 'horas?'],
    amountBridge: ['de', 'e'],
  },
} satisfies Partial<Vocabulary>;
