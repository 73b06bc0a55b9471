// What a visitor volunteers of what a brokerage qualifies on (docs/crm.md), read from their
// messages in English, Spanish, French and Portuguese: intent, timeline, pre-approval, budget,
// areas (the chatbot's own cities named) and the kind of home. Only what is said is read: a
// budget that cannot be read is left empty, never guessed. The builtin engine fills a lead with
// it when the lead is taken (lead-turn.ts). Each language's words are one entry of WORDS, so
// that a language missing a concept fails the type check.

import type { AnswerRequest } from '../engine.ts';
import { mergeQualification, NO_QUALIFICATION, type Qualification, type Timeline } from '../qualification.ts';
import { loadState } from './conversation.ts';
import { budgetOf } from './qualification-budget.ts';

type Words = {
  sell: string;
  buy: string;
  rent: string;
  invest: string;
  notApproved: string;
  approved: string;
  now: string;
  soon: string;
  year: string;
  later: string;
  /** A number of months or weeks: "in 3 months". */
  months: string;
  weeks: string;
  seasons: [spring: string, summer: string, autumn: string, winter: string];
  upTo: string;
  atLeast: string;
  around: string;
  budget: string;
  between: string;
  and: string;
};

// Text is matched lower-cased and without accents (é → e, ç → c).
const WORDS: Record<'en' | 'es' | 'fr' | 'pt', Words> = {
  en: {
    sell: 'sell|selling|sale of (?:our|my)|list (?:our|my) (?:home|house)',
    buy: 'buy|buying|purchase|purchasing|first home',
    rent: 'rent|renting|lease|leasing',
    invest: 'invest|investing|investment|investor|rental income',
    notApproved:
      "(?:not|haven'?t|have not|aren'?t|are not|isn'?t|no)(?: been| yet| been yet)? pre-? ?(?:approved|qualified)|need (?:a )?(?:mortgage|loan|financing)",
    approved: 'pre-? ?(?:approved|qualified)|mortgage (?:is )?approved|cash buyers?|pay(?:ing)? (?:in )?cash',
    now: 'asap|as soon as possible|right away|immediately|right now|this month|urgent',
    soon: 'next month|in a few weeks|in a couple of months',
    year: 'next year|within a year|in a year',
    later: 'just (?:looking|browsing)|no rush|not in a (?:rush|hurry)|someday|in a few years|not for a while',
    months: 'months?',
    weeks: 'weeks?',
    seasons: ['spring', 'summer', 'fall|autumn', 'winter'],
    upTo: 'up to|under|below|less than|no more than|max(?:imum)?|at most|not over',
    atLeast: 'at least|over|more than|above|minimum|min|from',
    around: 'around|about|roughly|approximately|near|~',
    budget: 'budget|afford|spend|price range|looking at|(?:pre-? ?approved|qualified) (?:for|up to)',
    between: 'between',
    and: 'and|to|-|–',
  },
  es: {
    sell: 'vender|vendo|vendemos|venta de (?:mi|nuestra)',
    buy: 'comprar|compro|compramos|compra de',
    rent: 'alquilar|alquiler|arrendar|arriendo|rentar',
    invest: 'invertir|inversion|inversionista|inversor',
    notApproved:
      'no (?:estoy|estamos|tengo|tenemos)(?: todavia| aun)? (?:pre-? ?aprobad[oa]s?|preaprobacion)|necesit(?:o|amos) (?:una )?(?:hipoteca|financiacion|financiamiento)',
    approved: 'pre-? ?aprobad[oa]s?|preaprobacion|hipoteca aprobada|(?:pago|pagamos) (?:en efectivo|al contado)',
    now: 'lo antes posible|cuanto antes|ya mismo|inmediatamente|este mes|urgente',
    soon: 'el (?:mes que viene|proximo mes)|en unas semanas',
    year: 'el (?:ano que viene|proximo ano)|en un ano',
    later: 'solo (?:estoy |estamos )?mirando|sin prisa|no tenemos prisa|algun dia|en unos anos',
    months: 'mes(?:es)?',
    weeks: 'semanas?',
    seasons: ['primavera', 'verano', 'otono', 'invierno'],
    upTo: 'hasta|menos de|como maximo|maximo|no mas de',
    atLeast: 'al menos|mas de|minimo|desde',
    around: 'alrededor de|unos|cerca de|aproximadamente|mas o menos',
    budget: 'presupuesto|podemos pagar|puedo pagar|pre-? ?aprobad[oa]s? (?:por|hasta)',
    between: 'entre',
    and: 'y|a|-|–',
  },
  fr: {
    sell: 'vendre|vends|vendons|vente de (?:ma|notre)',
    buy: 'acheter|achete|achetons|achat',
    rent: 'louer|location|loue',
    invest: 'investir|investissement|investisseur|rendement locatif',
    notApproved:
      "(?:pas|aucun)(?: encore)? (?:d'|de )?(?:pre-? ?approuves?|accord de principe|pret)|besoin d'un (?:pret|credit)",
    approved: 'pre-? ?approuves?|accord de principe|pret (?:est )?accorde|(?:au |payer )?comptant',
    now: 'des que possible|au plus vite|immediatement|tout de suite|ce mois-?ci|urgent',
    soon: 'le mois prochain|dans quelques semaines',
    year: "l'annee prochaine|dans un an|d'ici un an",
    later: 'on regarde|je regarde|juste regarder|pas presses?|rien ne presse|un jour|dans quelques annees',
    months: 'mois',
    weeks: 'semaines?',
    seasons: ['printemps', "(?:cet |l'|en )ete", 'automne', 'hiver'],
    upTo: "jusqu'a|moins de|au maximum|maximum|max|pas plus de",
    atLeast: 'au moins|plus de|minimum|a partir de',
    around: 'environ|autour de|aux alentours de|a peu pres|vers',
    budget: 'budget|pouvons payer|peux payer|pre-? ?approuves? (?:pour|jusqu)',
    between: 'entre',
    and: 'et|a|-|–',
  },
  pt: {
    sell: 'vender|vendo|vendemos|venda d[ao] (?:minha|nossa)',
    buy: 'comprar|compro|compramos|compra de',
    rent: 'alugar|aluguel|aluguer|arrendar',
    invest: 'investir|investimento|investidor',
    notApproved:
      'nao (?:estou|estamos|sou|somos|temos|tenho)(?: ainda)? (?:pre-? ?aprovad[oa]s?|financiamento aprovado)|precis(?:o|amos) de (?:financiamento|credito)',
    approved: 'pre-? ?aprovad[oa]s?|financiamento aprovado|credito aprovado|(?:pagamento |pagar )?a vista',
    now: 'o mais rapido possivel|o quanto antes|imediatamente|agora mesmo|este mes|urgente',
    soon: 'no (?:mes que vem|proximo mes)|em algumas semanas',
    year: 'no (?:ano que vem|proximo ano)|em um ano|daqui a um ano',
    later: 'so (?:estou |estamos )?olhando|sem pressa|nao temos pressa|algum dia|daqui a uns anos',
    months: 'mes(?:es)?',
    weeks: 'semanas?',
    seasons: ['primavera', 'verao', 'outono', 'inverno'],
    upTo: 'ate|menos de|no maximo|maximo|nao mais de',
    atLeast: 'pelo menos|mais de|minimo|a partir de',
    around: 'cerca de|por volta de|uns|aproximadamente|mais ou menos',
    budget: 'orcamento|podemos pagar|posso pagar|pre-? ?aprovad[oa]s? (?:para|ate)',
    between: 'entre',
    and: 'e|a|-|–',
  },
};

const LANGS = Object.values(WORDS);
const any = (pick: (w: Words) => string) => LANGS.map(pick).join('|');
const re = (body: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'gu');

const INTENT_RES: [Qualification['intent'], RegExp][] = [
  ['sell', re(any((w) => w.sell))],
  ['buy', re(any((w) => w.buy))],
  ['rent', re(any((w) => w.rent))],
  ['invest', re(any((w) => w.invest))],
];
const NOT_APPROVED = re(any((w) => w.notApproved));
const APPROVED = re(any((w) => w.approved));
const NOW = re(any((w) => w.now));
const SOON = re(any((w) => w.soon));
const YEAR = re(any((w) => w.year));
const LATER = re(any((w) => w.later));
const COUNT = `(\\d{1,2}|${['one|a|un|una|uno|um|uma', 'two|dos|deux|dois|duas', 'three|tres|trois', 'four|cuatro|quatre|quatro', 'five|cinco|cinq', 'six|seis'].join('|')})`;
const IN_MONTHS = new RegExp(
  `(?<![\\p{L}\\p{N}])${COUNT}(?:\\s*(?:-|to|a|ou|or|o)\\s*(\\d{1,2}))?\\s+(${any((w) => w.months)})(?![\\p{L}])`,
  'gu',
);
const IN_WEEKS = new RegExp(`(?<![\\p{L}\\p{N}])${COUNT}\\s+(${any((w) => w.weeks)})(?![\\p{L}])`, 'gu');
const SEASONS = [0, 1, 2, 3].map((i) => re(any((w) => w.seasons[i] ?? '')));
const SEASON_START = [2, 5, 8, 11]; // March, June, September, December (northern hemisphere)

const COUNT_WORDS: Record<string, number> = {};
for (const [n, list] of [
  [1, 'one|a|un|una|uno|um|uma'],
  [2, 'two|dos|deux|dois|duas'],
  [3, 'three|tres|trois'],
  [4, 'four|cuatro|quatre|quatro'],
  [5, 'five|cinco|cinq'],
  [6, 'six|seis'],
] as const)
  for (const w of list.split('|')) COUNT_WORDS[w] = n;

/** Lower-cased, without accents, one space between words. */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** The value named last in the text (a visitor who corrects themselves is taken at their last word). */
function lastOf<T>(text: string, patterns: [T, RegExp][]): T | '' {
  let best: { at: number; value: T } | null = null;
  for (const [value, pattern] of patterns) {
    for (const m of text.matchAll(pattern)) if (!best || m.index >= best.at) best = { at: m.index, value };
  }
  return best ? best.value : '';
}

export function monthsToTimeline(months: number): Timeline {
  if (months < 1) return 'now';
  if (months <= 3) return '1-3 months';
  if (months <= 6) return '3-6 months';
  if (months <= 12) return '6-12 months';
  return 'later';
}

const countOf = (s: string) => COUNT_WORDS[s] ?? Number(s);

function timelineOf(text: string, now: Date): Timeline | '' {
  const found: [Timeline, RegExp][] = [
    ['now', NOW],
    ['1-3 months', SOON],
    ['6-12 months', YEAR],
    ['later', LATER],
  ];
  const months: { at: number; value: Timeline }[] = [];
  for (const m of text.matchAll(IN_MONTHS)) {
    const hi = m[2] ? Number(m[2]) : countOf(m[1] ?? '');
    if (Number.isFinite(hi)) months.push({ at: m.index, value: monthsToTimeline(hi) });
  }
  for (const m of text.matchAll(IN_WEEKS)) {
    const weeks = countOf(m[1] ?? '');
    if (Number.isFinite(weeks)) months.push({ at: m.index, value: weeks <= 2 ? 'now' : monthsToTimeline(weeks / 4.3) });
  }
  SEASONS.forEach((pattern, i) => {
    for (const m of text.matchAll(pattern)) {
      const ahead = ((SEASON_START[i] ?? 0) - now.getUTCMonth() + 12) % 12;
      months.push({ at: m.index, value: monthsToTimeline(ahead) });
    }
  });
  const words = lastOf(text, found);
  const wordAt = words ? Math.max(...found.flatMap(([, p]) => [...text.matchAll(p)].map((m) => m.index))) : -1;
  const counted = months.sort((a, b) => a.at - b.at).at(-1);
  if (counted && counted.at > wordAt) return counted.value;
  return words;
}

const TYPES: [string, RegExp][] = [
  ['condo', re('condos?|condominiums?|condominio|condominios')],
  ['apartment', re('apartments?|flats?|apartamentos?|departamentos?|pisos?|appartements?')],
  ['townhouse', re('townhouses?|townhomes?|adosad[oa]s?|maison de ville|sobrados?')],
  ['land', re('land|lots?|terrenos?|terrains?|solar')],
  ['house', re('houses?|single family|casas?|chalets?|maisons?|moradias?|villas?')],
];

export interface ReadContext {
  now: Date;
  /** The chatbot's cities: an area is one of them, named. */
  cities: readonly string[];
}

/** What one message says; fields it does not speak of are left out. */
export function readMessage(message: string, ctx: ReadContext): Partial<Qualification> {
  const text = plain(message);
  const out: Partial<Qualification> = {};
  const intent = lastOf(text, INTENT_RES);
  if (intent) out.intent = intent;
  const timeline = timelineOf(text, ctx.now);
  if (timeline) out.timeline = timeline;
  // "not pre-approved" holds "pre-approved": the negation is looked for first.
  if (NOT_APPROVED.test(text)) out.preApproved = 'no';
  else if (APPROVED.test(text)) out.preApproved = 'yes';
  NOT_APPROVED.lastIndex = 0;
  APPROVED.lastIndex = 0;
  const budget = budgetOf(text, WORDS_FOR_BUDGET);
  if (budget) Object.assign(out, budget);
  const areas = ctx.cities.filter((c) => c.trim() && re(escapeRe(plain(c))).test(text));
  if (areas.length) out.areas = areas.slice(0, 10);
  const type = lastOf(text, TYPES);
  if (type) out.propertyType = type;
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORDS_FOR_BUDGET = {
  upTo: any((w) => w.upTo),
  atLeast: any((w) => w.atLeast),
  around: any((w) => w.around),
  budget: any((w) => w.budget),
  between: any((w) => w.between),
  and: [...new Set(LANGS.flatMap((w) => w.and.split('|')))].join('|'),
};

/** The qualification over a visitor's messages, oldest first: what they said last wins. */
export function readQualification(messages: readonly string[], ctx: ReadContext): Qualification {
  let q: Qualification = { ...NO_QUALIFICATION, areas: [] };
  for (const m of messages) q = mergeQualification(q, readMessage(m, ctx));
  return q;
}

/** What the visitor volunteered over the whole conversation, this message included (lead-turn.ts). */
export async function volunteered(req: AnswerRequest, message: string): Promise<Qualification> {
  const said = req.history.filter((m) => m.role === 'user').map((m) => m.content);
  const cities = await req.listings.cities().catch(() => []);
  const q = readQualification([...said, message], { now: req.now, cities });
  return { ...q, mlsNumber: await listingAskedAbout(req) };
}

/** The MLS number of the listing the conversation was last about (or the one listing last shown); '' if none. */
async function listingAskedAbout(req: AnswerRequest): Promise<string> {
  const state = await loadState(req.conversation);
  const id = state.about ?? (state.shown.length === 1 ? state.shown[0] : undefined);
  if (id === undefined) return '';
  const { listings } = await req.listings.search({ ids: [id] }, { sort: 'Newest', offset: 0, limit: 1 });
  return listings[0]?.mls_number ?? '';
}
