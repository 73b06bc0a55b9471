// Usage: this month's questions per chatbot against MessageLimit (bars), answers by engine
// and outcome, and leads per day over 30 days (a column plot).
import { get } from '../api.ts';
import { h } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Usage {
  Chatbots: { SerialNumber: string; Name: string; Period: string; Questions: number; MessageLimit: number }[];
  Answers: { Chatbot: string; Engine: string; Outcome: string; Count: number }[];
  LeadsPerDay: { Day: string; Count: number }[];
}

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

function leadsPlot(days: Usage['LeadsPerDay']): SVGElement {
  const w = 600;
  const hgt = 140;
  const max = Math.max(1, ...days.map((d) => d.Count));
  const bar = w / days.length;
  const total = days.reduce((n, d) => n + d.Count, 0);
  const plot = svg('svg', { viewBox: `0 0 ${w} ${hgt + 20}`, role: 'img', class: 'plot' });
  plot.setAttribute(
    'aria-label',
    `Leads per day over the last ${days.length} days: ${total} in all, at most ${max} in a day`,
  );
  days.forEach((d, i) => {
    const height = (d.Count / max) * hgt;
    const rect = svg('rect', { x: i * bar + 2, y: hgt - height, width: bar - 4, height, class: 'bar' });
    const title = svg('title', {});
    title.textContent = `${d.Day}: ${d.Count}`;
    rect.append(title);
    plot.append(rect);
  });
  const first = svg('text', { x: 0, y: hgt + 16, class: 'axis' });
  first.textContent = days[0]?.Day ?? '';
  const last = svg('text', { x: w, y: hgt + 16, 'text-anchor': 'end', class: 'axis' });
  last.textContent = days.at(-1)?.Day ?? '';
  plot.append(first, last);
  return plot;
}

export function usageView(_ctx: ViewContext): View {
  const body = h('div');
  const error = h('p', { class: 'error', role: 'alert' });
  const refresh = async () => {
    try {
      const u = await get<Usage>('/console/api/usage');
      const bots = u.Chatbots.map((b) => {
        const limited = b.MessageLimit >= 0;
        const share = limited ? Math.min(1, b.Questions / Math.max(1, b.MessageLimit)) : 0;
        return h(
          'li',
          {},
          h('strong', {}, b.Name),
          h(
            'span',
            { class: 'muted' },
            ` ${b.Period}: ${b.Questions.toLocaleString()} questions${limited ? ` of ${b.MessageLimit.toLocaleString()}` : ' (no limit)'}`,
          ),
          limited
            ? h('meter', {
                min: '0',
                max: '1',
                value: share.toFixed(3),
                high: '0.8',
                optimum: '0',
                'aria-label': `${b.Name}: share of MessageLimit used`,
              })
            : null,
        );
      });
      const answers = h(
        'table',
        { class: 'grid' },
        h('caption', {}, 'Answers this month (UTC) by engine and outcome'),
        h(
          'thead',
          {},
          h('tr', {}, ...['Chatbot', 'Engine', 'Outcome', 'Answers'].map((t) => h('th', { scope: 'col' }, t))),
        ),
        h(
          'tbody',
          {},
          ...u.Answers.map((a) =>
            h(
              'tr',
              {},
              h('td', {}, a.Chatbot),
              h('td', {}, a.Engine),
              h('td', {}, a.Outcome),
              h('td', { class: 'num' }, a.Count),
            ),
          ),
        ),
      );
      body.replaceChildren(
        h('h2', {}, 'Questions this month'),
        h('ul', { class: 'usage' }, ...bots),
        h('h2', {}, 'Leads per day'),
        leadsPlot(u.LeadsPerDay),
        answers,
      );
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const el = h('section', { 'aria-labelledby': 'usage-title' }, h('h1', { id: 'usage-title' }, 'Usage'), error, body);
  return { el, refresh };
}
