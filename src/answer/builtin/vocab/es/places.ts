// Spanish: places and street addresses: the words before a place, words that are no place, and how addresses are written.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const places = {
  placeBefore: ['en', 'cerca de'],
  notPlace: w('enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'),
  notCity:
    w(`tienen tiene casa casas en venta alquiler con por menos de del el la los las un una y o que cuantas cuantos busco
    quiero hay para habitaciones banos precio mas al propiedades vendidas`),
  cityArticles: ['el', 'la', 'los', 'las', 'san'],
  address: { suffixes: {}, stop: ['en', 'de', 'del'], unit: [], unitAt: ['en', 'de'], join: ['o', 'y'] },
} satisfies Partial<Vocabulary>;
