// Portuguese: places and street addresses: the words before a place, words that are no place, and how addresses are written.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const places = {
  placeBefore: ['em', 'perto de'],
  notPlace: w('janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro'),
  notCity:
    w(`voce voces vc tem temos quais qual quero procuro procurando estou meu minha um uma com da do dos das em na no ao os
    as imovel imoveis quartos banheiros aluguel alugar comprar venda perto mais sim nao`),
  cityArticles: [],
  address: { suffixes: {}, stop: ['em', 'de'], unit: [], unitAt: ['em', 'de'], join: ['ou', 'e'] },
} satisfies Partial<Vocabulary>;
