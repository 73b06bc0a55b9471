// The builtin answer engine (DESIGN §3.5): offline and deterministic. It reads the
// question (parse.ts), checks its names against the chatbot's listings (resolve.ts),
// runs one small search or count, and writes the answer a sentence or a listing at a time.
import type { Listing } from '../../listings/columns.ts';
import type { ListingFilter } from '../../listings/filter.ts';
import type { AnswerEngine, AnswerOutcome, AnswerRequest, ListingSearch } from '../engine.ts';
import { factsOf, listingLine, wantedOf } from './compose.ts';
import type { DetailField } from './detail-fields.ts';
import { withPrevious } from './follow-up.ts';
import { answerLanguage, textsFor } from './i18n/index.ts';
import type { Relaxed, Texts } from './i18n/texts.ts';
import { formatMoney } from './numbers.ts';
import { type ParsedQuestion, parseQuestion } from './parse.ts';
import { filterOf, otherTypeFilter, resolve } from './resolve.ts';

const SHOWN = 5;
/** Up to this many matches an average is computed exactly; above it the median is given. */
const AVERAGE_LIMIT = 500;

type Say = (line: string) => void;

/** What "tell me about …" answers beyond the listing's line. */
const SUMMARY: DetailField[] = ['size', 'year', 'lot', 'parking', 'hoa', 'deposit', 'daysOnMarket', 'features'];

function detailAnswer(p: ParsedQuestion, named: Listing[], t: Texts, say: Say): void {
  say(t.namedIntro(named.length));
  for (const l of named) {
    say(listingLine(l, t));
    const facts = factsOf(l, t);
    const fields = p.fields.filter((f) => f !== 'description');
    const summary = SUMMARY.filter(
      (f) => !(f === 'deposit' && facts.deposit === null) && !(f === 'hoa' && facts.hoa === null),
    );
    const sentences = (fields.length ? fields : summary).map((f) => t.detail(f, facts)).filter(Boolean);
    say(sentences.join(' '));
    if (!fields.length && l.description) say(l.description);
  }
}

/** Drops one criterion at a time, most restrictive first, to suggest a search that finds something. */
async function relaxed(f: ListingFilter, listings: ListingSearch): Promise<{ what: Relaxed; n: number } | undefined> {
  const tries: [Relaxed, boolean, ListingFilter][] = [
    ['price', f.minPrice !== undefined || f.maxPrice !== undefined, { ...f, minPrice: undefined, maxPrice: undefined }],
    [
      'bedrooms',
      f.minBedrooms !== undefined || f.maxBedrooms !== undefined,
      { ...f, minBedrooms: undefined, maxBedrooms: undefined },
    ],
    ['bathrooms', f.minBathrooms !== undefined, { ...f, minBathrooms: undefined }],
    ['type', f.propertyType !== undefined, { ...f, propertyType: undefined }],
    ['features', Boolean(f.keywords?.length), { ...f, keywords: undefined }],
  ];
  for (const [what, applies, filter] of tries) {
    if (!applies) continue;
    const n = await listings.count(filter);
    if (n > 0) return { what, n };
  }
  return undefined;
}

async function searchAnswer(p: ParsedQuestion, first: ListingFilter, req: AnswerRequest, t: Texts, say: Say) {
  const page = { sort: p.sort, offset: 0, limit: SHOWN };
  let f = first;
  let { listings, total } = await req.listings.search(f, page);
  const other = total ? undefined : await otherTypeFilter(p, f, req.listings);
  if (other) {
    f = other;
    ({ listings, total } = await req.listings.search(f, page));
  }
  // The city as the listings spell it.
  const wanted = { ...wantedOf(f, listings[0]?.currency_symbol ?? '$'), city: listings[0]?.city ?? f.city };
  if (!total) {
    say(t.none(t.describe(wanted)));
    const hint = await relaxed(f, req.listings);
    if (hint) say(t.relax(hint.what, hint.n));
    return;
  }
  say(`${t.found(t.describe(wanted, total))} ${t.showing(listings.length, total, p.sort)}`);
  listings.forEach((l, i) => {
    say(`${i + 1}. ${listingLine(l, t)}`);
  });
  say(t.more);
}

async function countAnswer(p: ParsedQuestion, first: ListingFilter, req: AnswerRequest, t: Texts, say: Say) {
  let f = first;
  let n = await req.listings.count(f);
  const other = n ? undefined : await otherTypeFilter(p, f, req.listings);
  if (other) {
    f = other;
    n = await req.listings.count(f);
  }
  say(t.count(t.describe(wantedOf(f, '$'), n)));
}

async function averageAnswer(asked: ListingFilter, req: AnswerRequest, t: Texts, say: Say) {
  // Sale prices and rents do not average together: "average price" means homes for sale.
  const f: ListingFilter = { ...asked, saleType: asked.saleType ?? 'for_sale' };
  const low = await req.listings.search(f, { sort: 'PriceAsc', offset: 0, limit: AVERAGE_LIMIT });
  const priced = low.listings.filter((l) => l.price !== null);
  const first = priced[0];
  const wanted = wantedOf(f, first?.currency_symbol ?? '$');
  if (!first) return say(t.none(t.describe(wanted)));
  const cur = first.currency_symbol;
  const money = (n: number) => formatMoney(Math.round(n), cur);
  const what = t.describe(wanted, low.total);
  if (low.total <= AVERAGE_LIMIT) {
    const prices = priced.map((l) => l.price ?? 0);
    const mean = prices.reduce((a, b) => a + b, 0) / prices.length;
    return say(t.average(what, money(mean), money(prices[0]), money(prices[prices.length - 1])));
  }
  // Too many to read for an average: the median and the highest price take two more
  // one-row reads.
  const mid = await req.listings.search(f, { sort: 'PriceAsc', offset: Math.floor(low.total / 2), limit: 1 });
  const high = await req.listings.search(f, { sort: 'PriceDesc', offset: 0, limit: 1 });
  say(t.median(what, money(mid.listings[0]?.price ?? 0), money(first.price ?? 0), money(high.listings[0]?.price ?? 0)));
}

async function answerText(req: AnswerRequest, say: Say): Promise<boolean> {
  const content = req.question.content;
  const previous = req.history.findLast((m) => m.role === 'user');
  const parsed = parseQuestion(content);
  const p = previous ? withPrevious(parsed, previous.content) : parsed;
  const t = textsFor(answerLanguage(req.chatbot.settings.AIResponseLanguage, p.lang));
  if (req.question.askType !== 'Text') {
    say(t.media(req.question.askType));
    return false;
  }
  if (p.intent === 'greeting') {
    say(req.chatbot.settings.WelcomeMessage || t.welcome);
    return true;
  }
  if (p.intent === 'thanks' || p.intent === 'help') {
    say(p.intent === 'thanks' ? t.thanks : t.help);
    return true;
  }
  if (p.intent === 'human') {
    say(t.human);
    return false;
  }
  const r = await resolve(p, req.listings);
  if (r.named.length) {
    detailAnswer(p, r.named, t, say);
    return true;
  }
  // A city makes a question about homes ("what do you have in Dallas?") unless it names
  // another topic ("what is the weather in Austin?").
  if (p.offTopicWords || !(p.aboutHomes || r.city)) {
    say(t.offTopic);
    return false;
  }
  const f = filterOf(p, r);
  if (p.intent === 'average') await averageAnswer(f, req, t, say);
  else if (p.intent === 'count') await countAnswer(p, f, req, t, say);
  else await searchAnswer(p, f, req, t, say);
  return true;
}

export function createBuiltinEngine(): AnswerEngine {
  return {
    name: 'builtin',
    async answer(req: AnswerRequest, onText: (fragment: string) => void): Promise<AnswerOutcome> {
      // Fragments go out as each line is ready; a line break starts every line but the first.
      let lines = 0;
      const say: Say = (line) => {
        onText(lines++ === 0 ? line : `\n${line}`);
      };
      const answered = await answerText(req, (line) => {
        if (!req.signal.aborted) say(line);
      });
      return { noAnswer: !answered };
    },
  };
}
