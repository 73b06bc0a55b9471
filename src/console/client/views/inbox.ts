// Conversations: newest activity first, filtered by chatbot, state and lead; live.
import { get } from '../api.ts';
import { field, h, when } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Row {
  SessionID: number;
  Chatbot: string;
  State: 'bot' | 'waiting' | 'person';
  PageUrl: string | null;
  LastActivityAt: string;
  Preview: string;
  PreviewRole: string | null;
  Lead: { Name: string; Email: string; Phone: string; Status: string } | null;
}

export const STATE_LABELS: Record<string, string> = {
  bot: 'With the bot',
  waiting: 'Waiting for a person',
  person: 'With a person',
};

function select(id: string, label: string, options: [string, string][]) {
  const s = h('select', { id });
  for (const [value, text] of options) s.append(h('option', { value }, text));
  return { field: field(id, label, s), input: s };
}

export function inboxView(ctx: ViewContext): View {
  const bots = select('f-chatbot', 'Chatbot', [
    ['', 'All chatbots'],
    ...ctx.me.Chatbots.map((b): [string, string] => [b.SerialNumber, b.Name]),
  ]);
  const state = select('f-state', 'State', [['', 'Any state'], ...Object.entries(STATE_LABELS)]);
  const lead = h('input', { id: 'f-lead', type: 'checkbox' });
  const count = h('p', { class: 'muted', 'aria-live': 'polite' });
  const list = h('ul', { class: 'inbox', 'aria-label': 'Conversations' });
  const more = h('button', { type: 'button', hidden: true }, 'Older conversations');
  const error = h('p', { class: 'error', role: 'alert' });
  let next: string | null = null;
  /** Pages shown: a live redraw reads as many again, so older conversations stay in view. */
  let pages = 1;

  const item = (r: Row) =>
    h(
      'li',
      { class: `row state-${r.State}` },
      h(
        'a',
        { href: `#/conversations/${r.SessionID}` },
        h('span', { class: `pill ${r.State}` }, STATE_LABELS[r.State] ?? r.State),
        h('strong', {}, r.Lead ? r.Lead.Name || r.Lead.Email || r.Lead.Phone : `Visitor #${r.SessionID}`),
        h('span', { class: 'muted' }, ` · ${r.Chatbot} · ${when(r.LastActivityAt)}`),
        h('span', { class: 'preview' }, r.PreviewRole === 'user' ? r.Preview : `↪ ${r.Preview}`),
      ),
    );

  const page = (before: string | null) =>
    get<{ List: Row[]; Waiting: number; Next: string | null }>('/console/api/conversations', {
      chatbot: bots.input.value,
      state: state.input.value,
      lead: lead.checked,
      before: before ?? undefined,
    });
  const show = (data: { Waiting: number; Next: string | null }) => {
    next = data.Next;
    more.hidden = !next;
    ctx.setWaiting(data.Waiting);
    count.textContent = `${data.Waiting} waiting for a person`;
  };
  /** Reads the first `n` pages and redraws once (a live redraw keeps older pages in view). */
  const load = async (n: number) => {
    error.textContent = '';
    try {
      let data = await page(null);
      const rows = [...data.List];
      for (let i = 1; i < n && data.Next; i++) {
        data = await page(data.Next);
        rows.push(...data.List);
      }
      show(data);
      list.replaceChildren(...rows.map(item));
      if (rows.length === 0) list.append(h('li', { class: 'muted' }, 'No conversations match.'));
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const older = async () => {
    error.textContent = '';
    try {
      const data = await page(next);
      pages++;
      show(data);
      list.append(...data.List.map(item));
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const first = () => {
    pages = 1;
    return load(1);
  };
  for (const input of [bots.input, state.input, lead]) input.addEventListener('change', () => void first());
  more.addEventListener('click', () => void older());

  const el = h(
    'section',
    { 'aria-labelledby': 'inbox-title' },
    h('h1', { id: 'inbox-title' }, 'Conversations'),
    h(
      'div',
      { class: 'filters' },
      bots.field,
      state.field,
      h('div', { class: 'field check' }, lead, h('label', { for: 'f-lead' }, 'Has a lead')),
    ),
    count,
    error,
    list,
    more,
  );
  return { el, refresh: first, live: () => load(pages) };
}
