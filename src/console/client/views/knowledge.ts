// Knowledge: a chatbot's sources (GetSource) with their status, and its text and Q&A list,
// edited and saved through EditKnowledge (the API's checks and messages).
import { ApiError, post } from '../api.ts';
import { h } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Source {
  ID: number;
  Type: string;
  Name: string;
  Value: string;
  Length: number;
  Status: number;
  StatusMessage: string;
}

const STATUS = ['', 'processing', 'ready', 'failed'];

export function knowledgeView(ctx: ViewContext): View {
  const pick = h('select', { id: 'k-bot' });
  for (const b of ctx.me.Chatbots) pick.append(h('option', { value: b.SerialNumber }, b.Name));
  const table = h('table', { class: 'grid' });
  const text = h('textarea', { id: 'k-text', rows: '10', maxlength: '200000' });
  const qaList = h('ol', { class: 'qa', 'aria-label': 'Questions and answers' });
  const add = h('button', { type: 'button' }, 'Add a question');
  const save = h('button', { type: 'submit' }, 'Save knowledge');
  const status = h('p', { role: 'status' });
  const error = h('p', { class: 'error', role: 'alert' });

  const qaRow = (key = '', value = '') => {
    const n = qaList.children.length + 1;
    const q = h('input', { type: 'text', maxlength: '1000', 'aria-label': `Question ${n}`, value: key });
    const a = h('textarea', { rows: '2', maxlength: '5000', 'aria-label': `Answer ${n}` });
    a.value = value;
    const remove = h('button', { type: 'button', 'aria-label': `Remove question ${n}` }, 'Remove');
    const li = h('li', { class: 'field' }, q, a, remove);
    remove.addEventListener('click', () => li.remove());
    qaList.append(li);
  };
  add.addEventListener('click', () => qaRow());

  const load = async () => {
    error.textContent = '';
    if (!pick.value) return;
    try {
      const sources = await post<Source[]>('/chat/Chatbot/GetSource', { serialNumber: pick.value });
      table.replaceChildren(
        h(
          'thead',
          {},
          h('tr', {}, ...['Type', 'Name', 'Characters', 'Status'].map((c) => h('th', { scope: 'col' }, c))),
        ),
        h(
          'tbody',
          {},
          ...sources.map((s) =>
            h(
              'tr',
              {},
              h('td', {}, s.Type),
              h('td', {}, s.Name),
              h('td', { class: 'num' }, s.Length.toLocaleString()),
              h('td', {}, STATUS[s.Status] ?? String(s.Status), s.StatusMessage ? ` — ${s.StatusMessage}` : ''),
            ),
          ),
        ),
      );
      if (!sources.length) table.append(h('caption', {}, 'No knowledge yet.'));
      text.value = sources.find((s) => s.Type === 'Text')?.Value ?? '';
      qaList.replaceChildren();
      const qa = sources.find((s) => s.Type === 'QAList');
      for (const e of qa ? (JSON.parse(qa.Value) as { key: string; value: string }[]) : []) qaRow(e.key, e.value);
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  const form = h(
    'form',
    { class: 'settings', 'aria-label': 'Knowledge' },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'k-text' }, 'About the brokerage (text; "# Heading" lines start sections)'),
      text,
    ),
    h('h2', {}, 'Questions and answers'),
    qaList,
    h('div', { class: 'actions' }, add, save),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    status.textContent = '';
    const list = Array.from(qaList.querySelectorAll('li')).map((li) => ({
      key: (li.querySelector('input') as HTMLInputElement).value,
      value: (li.querySelector('textarea') as HTMLTextAreaElement).value,
    }));
    try {
      await post('/chat/Chatbot/EditKnowledge', {
        serialNumber: pick.value,
        text: text.value,
        qaList: list.filter((x) => x.key.trim() || x.value.trim()),
      });
      await load();
      status.textContent = 'Saved.';
    } catch (x) {
      error.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  });
  pick.addEventListener('change', () => void load());

  const el = h(
    'section',
    { 'aria-labelledby': 'knowledge-title' },
    h('h1', { id: 'knowledge-title' }, 'Knowledge'),
    h(
      'p',
      { class: 'muted' },
      'What the chatbot knows about your brokerage: it answers visitors from it and names the source.',
    ),
    h('div', { class: 'filters' }, h('div', { class: 'field' }, h('label', { for: 'k-bot' }, 'Chatbot'), pick)),
    table,
    status,
    error,
    form,
  );
  return { el, refresh: load };
}
