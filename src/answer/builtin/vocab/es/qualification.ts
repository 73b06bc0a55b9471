// Spanish: what a visitor volunteers of what a brokerage qualifies on.
import type { Vocabulary } from '../types.ts';

export const qualification = {
  qualification: {
    sell: ['vender', 'vendo', 'vendemos', 'venta de (?:mi|nuestra)'],
    buy: ['comprar', 'compro', 'compramos', 'compra de'],
    rent: ['alquilar', 'alquiler', 'arrendar', 'arriendo', 'rentar'],
    invest: ['invertir', 'inversion', 'inversionista', 'inversor'],
    notApproved: [
      'no (?:estoy|estamos|tengo|tenemos)(?: todavia| aun)? (?:pre-? ?aprobad[oa]s?|preaprobacion)',
      'necesit(?:o|amos) (?:una )?(?:hipoteca|financiacion|financiamiento)',
    ],
    approved: [
      'pre-? ?aprobad[oa]s?',
      'preaprobacion',
      'hipoteca aprobada',
      '(?:pago|pagamos) (?:en efectivo|al contado)',
    ],
    now: ['lo antes posible', 'cuanto antes', 'ya mismo', 'inmediatamente', 'este mes', 'urgente'],
    soon: ['el (?:mes que viene|proximo mes)', 'en unas semanas'],
    year: ['el (?:ano que viene|proximo ano)', 'en un ano'],
    later: ['solo (?:estoy |estamos )?mirando', 'sin prisa', 'no tenemos prisa', 'algun dia', 'en unos anos'],
    months: ['mes(?:es)?'],
    weeks: ['semanas?'],
    seasons: {
      spring: ['primavera'],
      summer: ['verano'],
      autumn: ['otono'],
      winter: ['invierno'],
    },
    upTo: ['hasta', 'menos de', 'como maximo', 'maximo', 'no mas de'],
    atLeast: ['al menos', 'mas de', 'minimo', 'desde'],
    around: ['alrededor de', 'unos', 'cerca de', 'aproximadamente', 'mas o menos'],
    budget: ['presupuesto', 'podemos pagar', 'puedo pagar', 'pre-? ?aprobad[oa]s? (?:por|hasta)'],
    between: ['entre'],
    and: ['y', 'a'],
    counts: { un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6 },
    countJoin: ['a', 'o'],
    replyNo: ['no', 'todavia no', 'aun no'],
    replyYes: ['si', 'claro', 'ya'],
    types: {
      condo: ['condominio', 'condominios'],
      apartment: ['apartamentos?', 'departamentos?', 'pisos?'],
      townhouse: ['adosad[oa]s?'],
      land: ['terrenos?', 'solar'],
      house: ['casas?', 'chalets?'],
    },
    currencies: ['dolares', 'euros?'],
    scales: { mil: 1e3, millon: 1e6, millones: 1e6 },
    units: ['metros?', 'dormitorios?', 'habitacion(?:es)?', 'anos?', 'mes(?:es)?', 'semanas?', 'horas?'],
    amountBridge: ['de', 'es'],
  },
} satisfies Partial<Vocabulary>;
