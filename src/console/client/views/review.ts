// The review queue: answers rated down, answers with no answer, knowledge misses and handoffs,
// newest first, filtered by chatbot, engine, kind and reason; each opens its conversation.
// "Fix this answer" turns the visitor's question and the staff's answer into a Q&A entry of
// the chatbot's knowledge; "Resolve" takes an item off the queue without one. Live: a new
// rating or handoff re-reads the page.
import type { ReviewItemData, ReviewPageData } from '../../../review/schemas.ts';
import { get, post } from '../api.ts';
import { field, h, when } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

const KINDS: [string, string][] = [
  ['', 'Every kind'],
  ['down', 'Rated down'],
  ['no_answer', 'No answer'],
  ['knowledge', 'Knowledge missed'],
  ['handoff', 'Handoff'],
];
const LABEL: Record<string, string> = Object.fromEntries(KINDS);

export function reviewView(ctx: ViewContext): View {
  const bot = h('select', { id: 'r-chatbot' }, h('option', { value: '' }, 'All chatbots'));
  for (const b of ctx.me.Chatbots) bot.append(h('option', { value: b.SerialNumber }, b.Name));
  const kind = h('select', { id: 'r-kind' }, ...KINDS.map(([v, t]) => h('option', { value: v }, t)));
  const engine = h('input', { id: 'r-engine', type: 'text', maxlength: 64, placeholder: 'builtin, openai…' });
  const reason = h('input', { id: 'r-reason', type: 'text', maxlength: 500, placeholder: 'wrong, out of date…' });
  const resolved = h(
    'select',
    { id: 'r-resolved' },
    h('option', { value: 'false' }, 'Open'),
    h('option', { value: 'true' }, 'Resolved'),
  );
  const list = h('ol', { class: 'review', 'aria-live': 'polite' });
  // The export of a chatbot's conversations (ExportConversations), downloaded with the cookie.
  const exBot = h('select', { id: 'x-chatbot' });
  for (const b of ctx.me.Chatbots) exBot.append(h('option', { value: b.SerialNumber }, b.Name));
  const today = new Date().toISOString().slice(0, 10);
  const exFrom = h('input', { id: 'x-from', type: 'date', value: `${today.slice(0, 8)}01` });
  const exTo = h('input', { id: 'x-to', type: 'date', value: today });
  const exFormat = h(
    'select',
    { id: 'x-format' },
    h('option', { value: 'csv' }, 'CSV'),
    h('option', { value: 'json' }, 'JSON'),
  );
  const exPer = h(
    'select',
    { id: 'x-per' },
    h('option', { value: 'message' }, 'A row per message'),
    h('option', { value: 'conversation' }, 'A row per conversation'),
  );
  const download = h('a', { download: true }, 'Download');
  const exportLink = () => {
    const q = new URLSearchParams({
      chatbot: exBot.value,
      from: exFrom.value,
      to: exTo.value,
      format: exFormat.value,
      per: exPer.value,
    });
    download.setAttribute('href', `/console/api/export?${q}`);
  };
  for (const input of [exBot, exFrom, exTo, exFormat, exPer]) input.addEventListener('change', exportLink);
  exportLink();
  const exporter = h(
    'details',
    { class: 'card' },
    h('summary', {}, 'Export conversations'),
    h(
      'div',
      { class: 'filters' },
      field('x-chatbot', 'Chatbot', exBot),
      field('x-from', 'From (UTC)', exFrom),
      field('x-to', 'To (UTC)', exTo),
      field('x-format', 'Format', exFormat),
      field('x-per', 'Rows', exPer),
      download,
    ),
  );
  const error = h('p', { class: 'error', role: 'alert' });
  const more = h('button', { type: 'button', hidden: true }, 'Older items');
  let page = 1;

  const item = (i: ReviewItemData) => {
    const status = h('span', { class: 'muted', 'aria-live': 'polite' });
    const actions = h('div', { class: 'actions' });
    const id = `fix-${i.Kind}-${i.ID}`;
    if (!i.ResolvedBy) {
      const resolve = h('button', { type: 'button' }, 'Resolve');
      resolve.addEventListener('click', async () => {
        try {
          await post(`/console/api/review/${i.Kind}/${i.ID}/resolve`);
          await refresh();
        } catch (x) {
          status.textContent = errorText(x);
        }
      });
      if (i.Kind === 'answer') {
        const q = h('input', { id: `${id}-q`, type: 'text', maxlength: 1000 });
        q.value = i.Question;
        const a = h('textarea', { id: `${id}-a`, rows: 3, maxlength: 5000, required: true });
        const form = h(
          'form',
          { class: 'fix', hidden: true },
          field(`${id}-q`, 'Question', q),
          field(`${id}-a`, 'The right answer', a),
          h('button', { type: 'submit' }, 'Save to knowledge'),
        );
        const open = h('button', { type: 'button', 'aria-expanded': 'false' }, 'Fix this answer');
        open.addEventListener('click', () => {
          form.hidden = !form.hidden;
          open.setAttribute('aria-expanded', String(!form.hidden));
          if (!form.hidden) a.focus();
        });
        form.addEventListener('submit', async (e) => {
          e.preventDefault();
          status.textContent = '';
          try {
            await post(`/console/api/review/answer/${i.ID}/fix`, { Question: q.value, Answer: a.value });
            await refresh();
          } catch (x) {
            status.textContent = errorText(x);
          }
        });
        actions.append(open, resolve, form);
      } else actions.append(resolve);
    }
    return h(
      'li',
      { class: 'card' },
      h(
        'p',
        {},
        h('strong', {}, i.Reasons.map((r) => LABEL[r] ?? r).join(' · ')),
        ` ${i.ChatbotName} · ${when(i.At)}${i.Engine ? ` · ${i.Engine}` : ''} · `,
        h('a', { href: `#/conversations/${i.SessionID}` }, 'Open the conversation'),
      ),
      i.Question ? h('p', {}, h('span', { class: 'muted' }, 'Visitor: '), i.Question) : null,
      i.Answer ? h('p', {}, h('span', { class: 'muted' }, 'Answer: '), i.Answer) : null,
      i.Reason ? h('p', {}, h('span', { class: 'muted' }, 'Why: '), i.Reason) : null,
      i.ResolvedBy
        ? h(
            'p',
            { class: 'muted' },
            `Resolved by ${i.ResolvedBy}, ${when(i.ResolvedAt)}`,
            i.FixQuestion ? ` with the Q&A entry “${i.FixQuestion}”: ${i.FixAnswer}` : '',
          )
        : null,
      actions,
      status,
    );
  };

  const load = async (append: boolean) => {
    error.textContent = '';
    try {
      page = append ? page + 1 : 1;
      const data = await get<ReviewPageData>('/console/api/review', {
        chatbot: bot.value || undefined,
        kind: kind.value || undefined,
        engine: engine.value.trim() || undefined,
        reason: reason.value.trim() || undefined,
        resolved: resolved.value,
        page,
      });
      more.hidden = !data.More;
      const items = data.Items.map(item);
      if (append) list.append(...items);
      else list.replaceChildren(...(items.length ? items : [h('li', { class: 'muted' }, 'Nothing to review.')]));
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const refresh = () => load(false);
  for (const input of [bot, kind, resolved]) input.addEventListener('change', () => void refresh());
  for (const input of [engine, reason]) input.addEventListener('change', () => void refresh());
  more.addEventListener('click', () => void load(true));

  const el = h(
    'section',
    { 'aria-labelledby': 'review-title' },
    h('h1', { id: 'review-title' }, 'Review'),
    h(
      'div',
      { class: 'filters' },
      field('r-chatbot', 'Chatbot', bot),
      field('r-kind', 'Kind', kind),
      field('r-engine', 'Engine', engine),
      field('r-reason', 'Reason', reason),
      field('r-resolved', 'Show', resolved),
    ),
    exporter,
    error,
    list,
    more,
  );
  // A form being filled in is never redrawn under the user's hands.
  const live = async () => {
    if (!el.querySelector('form.fix:not([hidden])')) await refresh();
  };
  return { el, refresh, live };
}
