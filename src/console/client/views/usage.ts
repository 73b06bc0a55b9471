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

/** "1 question", "2 questions". */
function count(n: number, word: string): string {
  return `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
}

/** A column plot with a value axis (0, half, most), each day's count above its column and on hover. */
function leadsPlot(days: Usage['LeadsPerDay']): SVGElement {
  const left = 28;
  const w = 600;
  const hgt = 140;
  const top = 14;
  const max = Math.max(1, ...days.map((d) => d.Count));
  const bar = (w - left) / Math.max(1, days.length);
  const total = days.reduce((n, d) => n + d.Count, 0);
  const plot = svg('svg', { viewBox: `0 0 ${w} ${top + hgt + 20}`, role: 'img', class: 'plot' });
  plot.setAttribute(
    'aria-label',
    `Leads per day over the last ${days.length} days: ${total} in all, at most ${max} in a day`,
  );
  const y = (v: number) => top + hgt - (v / max) * hgt;
  for (const tick of [...new Set([0, Math.round(max / 2), max])]) {
    plot.append(svg('line', { x1: left, x2: w, y1: y(tick), y2: y(tick), class: 'gridline' }));
    const label = svg('text', { x: left - 4, y: y(tick) + 4, 'text-anchor': 'end', class: 'axis' });
    label.textContent = String(tick);
    plot.append(label);
  }
  days.forEach((d, i) => {
    const height = (d.Count / max) * hgt;
    const x = left + i * bar;
    const rect = svg('rect', { x: x + 2, y: y(d.Count), width: Math.max(1, bar - 4), height, class: 'bar' });
    const title = svg('title', {});
    title.textContent = `${d.Day}: ${count(d.Count, 'lead')}`;
    rect.append(title);
    plot.append(rect);
    if (d.Count > 0) {
      const value = svg('text', { x: x + bar / 2, y: y(d.Count) - 3, 'text-anchor': 'middle', class: 'axis value' });
      value.textContent = String(d.Count);
      plot.append(value);
    }
  });
  const first = svg('text', { x: left, y: top + hgt + 16, class: 'axis' });
  first.textContent = days[0]?.Day ?? '';
  const last = svg('text', { x: w, y: top + hgt + 16, 'text-anchor': 'end', class: 'axis' });
  last.textContent = days.at(-1)?.Day ?? '';
  plot.append(first, last);
  return plot;
}

/** The plot's numbers as a table, for reading or copying. */
function leadsTable(days: Usage['LeadsPerDay']): HTMLElement {
  return h(
    'details',
    {},
    h('summary', {}, 'Leads per day as a table'),
    h(
      'table',
      { class: 'grid' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Day'), h('th', { scope: 'col' }, 'Leads'))),
      h('tbody', {}, ...days.map((d) => h('tr', {}, h('td', {}, d.Day), h('td', { class: 'num' }, d.Count)))),
    ),
  );
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
            ` ${b.Period}: ${limited ? `${b.Questions.toLocaleString()} of ${count(b.MessageLimit, 'question')}` : `${count(b.Questions, 'question')} (no limit)`}`,
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
        leadsTable(u.LeadsPerDay),
        answers,
      );
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const el = h('section', { 'aria-labelledby': 'usage-title' }, h('h1', { id: 'usage-title' }, 'Usage'), error, body);
  return { el, refresh };
}
