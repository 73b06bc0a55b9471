// Analytics of one chatbot over a range of days in its time zone: questions, answered and
// unanswered answers, ratings, handoffs, leads and showings per day as an SVG column plot (each
// column's value on hover and in a table beside it), totals, the share answered, the funnel
// from conversation to showing, the top questions and unanswered ones, and what visitors searched.
import type { AnalyticsData } from '../../../review/schemas.ts';
import { get } from '../api.ts';
import { field, h } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

type Series = keyof AnalyticsData['Totals'];
const SERIES: [Series, string][] = [
  ['Conversations', 'Conversations'],
  ['Questions', 'Questions'],
  ['Answered', 'Answered'],
  ['NoAnswer', 'No answer'],
  ['RatedUp', 'Rated up'],
  ['RatedDown', 'Rated down'],
  ['Handoffs', 'Handoffs'],
  ['Leads', 'Leads'],
  ['Showings', 'Showings'],
];

const STEPS: [keyof AnalyticsData['Funnel'], string][] = [
  ['Conversations', 'Conversations'],
  ['Searched', 'Searched listings'],
  ['OpenedListing', 'Asked about a listing'],
  ['Lead', 'Left a lead'],
  ['Showing', 'Booked a showing'],
];

/** The funnel as a table: each step's conversations and their share of the first step. */
function funnelTable(f: AnalyticsData['Funnel']): HTMLElement {
  const share = (n: number) => (f.Conversations ? `${Math.round((n / f.Conversations) * 100)}%` : '—');
  return h(
    'table',
    { class: 'grid', id: 'a-funnel' },
    h('caption', {}, 'Conversations reaching each step'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Step'),
        h('th', { scope: 'col' }, 'Conversations'),
        h('th', { scope: 'col' }, 'Share'),
      ),
    ),
    h(
      'tbody',
      {},
      ...STEPS.map(([k, t]) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, t),
          h('td', { class: 'num' }, f[k].toLocaleString()),
          h('td', { class: 'num' }, share(f[k])),
        ),
      ),
    ),
  );
}

/** A ranked list (questions or searched values), or a line saying there is none. */
function ranked(id: string, title: string, rows: { name: string; count: number }[], none: string): HTMLElement[] {
  const list = h(
    'ol',
    { id },
    ...rows.map((r) => h('li', {}, `${r.name} `, h('span', { class: 'muted' }, `(${r.count})`))),
  );
  return [h('h2', {}, title), rows.length ? list : h('p', { class: 'muted' }, none)];
}

function plot(days: AnalyticsData['Days'], key: Series, label: string): SVGElement {
  const w = 600;
  const hgt = 120;
  const max = Math.max(1, ...days.map((d) => d[key]));
  const bar = w / Math.max(1, days.length);
  const total = days.reduce((n, d) => n + d[key], 0);
  const el = svg('svg', { viewBox: `0 0 ${w} ${hgt + 20}`, role: 'img', class: 'plot' });
  el.setAttribute('aria-label', `${label} per day: ${total} in all, at most ${max} in a day`);
  days.forEach((d, i) => {
    const height = (d[key] / max) * hgt;
    const rect = svg('rect', { x: i * bar + 1, y: hgt - height, width: Math.max(1, bar - 2), height, class: 'bar' });
    const title = svg('title', {});
    title.textContent = `${d.Day}: ${d[key]}`;
    rect.append(title);
    el.append(rect);
  });
  const first = svg('text', { x: 0, y: hgt + 16, class: 'axis' });
  first.textContent = days[0]?.Day ?? '';
  const last = svg('text', { x: w, y: hgt + 16, 'text-anchor': 'end', class: 'axis' });
  last.textContent = days.at(-1)?.Day ?? '';
  el.append(first, last);
  return el;
}

export function analyticsView(ctx: ViewContext): View {
  const bot = h('select', { id: 'a-chatbot' });
  for (const b of ctx.me.Chatbots) bot.append(h('option', { value: b.SerialNumber }, b.Name));
  const today = new Date();
  const monthAgo = new Date(today.getTime() - 29 * 86_400_000);
  const from = h('input', { id: 'a-from', type: 'date', value: monthAgo.toISOString().slice(0, 10) });
  const to = h('input', { id: 'a-to', type: 'date', value: today.toISOString().slice(0, 10) });
  const series = h('select', { id: 'a-series' }, ...SERIES.map(([k, t]) => h('option', { value: k }, t)));
  const body = h('div');
  const error = h('p', { class: 'error', role: 'alert' });

  const refresh = async () => {
    error.textContent = '';
    if (!bot.value) {
      body.replaceChildren(h('p', { class: 'muted' }, 'No chatbot yet.'));
      return;
    }
    try {
      const a = await get<AnalyticsData>('/console/api/analytics', {
        chatbot: bot.value,
        from: from.value,
        to: to.value,
      });
      const key = series.value as Series;
      const label = SERIES.find(([k]) => k === key)?.[1] ?? key;
      const share = a.ShareAnswered === null ? '—' : `${Math.round(a.ShareAnswered * 100)}%`;
      const totals = h(
        'dl',
        { class: 'totals' },
        ...SERIES.flatMap(([k, t]) => [h('dt', {}, t), h('dd', {}, a.Totals[k].toLocaleString())]),
        h('dt', {}, 'Share answered'),
        h('dd', {}, share),
      );
      const table = h(
        'table',
        { class: 'grid' },
        h('caption', {}, `Per day (${a.TimeZone})`),
        h(
          'thead',
          {},
          h('tr', {}, h('th', { scope: 'col' }, 'Day'), ...SERIES.map(([, t]) => h('th', { scope: 'col' }, t))),
        ),
        h(
          'tbody',
          {},
          ...a.Days.map((d) =>
            h('tr', {}, h('th', { scope: 'row' }, d.Day), ...SERIES.map(([k]) => h('td', { class: 'num' }, d[k]))),
          ),
        ),
      );
      const questions = (list: AnalyticsData['TopQuestions']) =>
        list.map((q) => ({ name: q.Question, count: q.Count }));
      const values = (list: AnalyticsData['SearchedCities']) => list.map((v) => ({ name: v.Value, count: v.Count }));
      const noSearch = 'No listing searches in these days.';
      body.replaceChildren(
        totals,
        h('h2', {}, `${label} per day`),
        plot(a.Days, key, label),
        h('details', {}, h('summary', {}, 'Table'), h('div', { class: 'scroll' }, table)),
        h('h2', {}, 'Funnel'),
        h('div', { class: 'scroll' }, funnelTable(a.Funnel)),
        ...ranked('a-top', 'Top questions', questions(a.TopQuestions), 'No questions in these days.'),
        ...ranked('a-unanswered', 'Top unanswered questions', questions(a.TopUnanswered), 'None unanswered.'),
        ...ranked('a-cities', 'Cities searched', values(a.SearchedCities), noSearch),
        ...ranked('a-types', 'Property types searched', values(a.SearchedPropertyTypes), noSearch),
        ...ranked('a-prices', 'Price bands searched', values(a.SearchedPriceBands), noSearch),
      );
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  for (const input of [bot, from, to, series]) input.addEventListener('change', () => void refresh());
  const el = h(
    'section',
    { 'aria-labelledby': 'analytics-title' },
    h('h1', { id: 'analytics-title' }, 'Analytics'),
    h(
      'div',
      { class: 'filters' },
      field('a-chatbot', 'Chatbot', bot),
      field('a-from', 'From', from),
      field('a-to', 'To', to),
      field('a-series', 'Plot', series),
    ),
    error,
    body,
  );
  return { el, refresh };
}
