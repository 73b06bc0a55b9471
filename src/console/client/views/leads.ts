// Leads: status new → contacted → closed with a note and who follows up; filters by chatbot,
// status and date; CSV export of what the filters show. Each lead shows its qualification and
// where it stands in the CRM (docs/crm.md).
import { get, post } from '../api.ts';
import { field, h, when } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Lead {
  ID: number;
  SessionID: number | null;
  Chatbot: string;
  Name: string;
  Email: string;
  Phone: string;
  Message: string;
  Status: string;
  Note: string;
  AssignedUserID: number | null;
  CreatedAt: string;
  Intent: string;
  Timeline: string;
  PreApproved: string;
  BudgetMin: number | null;
  BudgetMax: number | null;
  Areas: string[];
  PropertyType: string;
  MLSNumber: string;
  Crm: { Status: string; Detail: string };
}

const amount = (n: number) => Math.round(n).toLocaleString('en-US');

/** The qualification as short lines: "buy · 1-3 months", "pre-approved: yes", "600,000–750,000". */
function qualificationLines(l: Lead): string[] {
  const lo = l.BudgetMin;
  const hi = l.BudgetMax;
  const budget =
    lo !== null && hi !== null
      ? lo === hi
        ? amount(lo)
        : `${amount(lo)}–${amount(hi)}`
      : hi !== null
        ? `up to ${amount(hi)}`
        : lo !== null
          ? `from ${amount(lo)}`
          : '';
  return [
    [l.Intent, l.Timeline].filter(Boolean).join(' · '),
    l.PreApproved ? `pre-approved: ${l.PreApproved}` : '',
    budget ? `budget ${budget}` : '',
    [l.PropertyType, l.Areas.join(', ')].filter(Boolean).join(' in '),
    l.MLSNumber ? `MLS ${l.MLSNumber}` : '',
  ].filter(Boolean);
}

export function leadsView(ctx: ViewContext): View {
  const bot = h('select', { id: 'l-chatbot' }, h('option', { value: '' }, 'All chatbots'));
  for (const b of ctx.me.Chatbots) bot.append(h('option', { value: b.SerialNumber }, b.Name));
  const status = h('select', { id: 'l-status' }, h('option', { value: '' }, 'Any status'));
  for (const s of ['new', 'contacted', 'closed']) status.append(h('option', { value: s }, s));
  const from = h('input', { id: 'l-from', type: 'date' });
  const to = h('input', { id: 'l-to', type: 'date' });
  const csv = h('a', { href: '/console/api/leads.csv', download: 'leads.csv' }, 'Export CSV');
  const table = h('table', { class: 'grid' });
  const error = h('p', { class: 'error', role: 'alert' });
  const more = h('button', { type: 'button', hidden: true }, 'Older leads');
  const body = h('tbody');
  let next: number | null = null;
  let users: { ID: number; Email: string; Name: string }[] = [];

  const query = () => ({ chatbot: bot.value, status: status.value, from: from.value, to: to.value });

  const row = (l: Lead) => {
    const st = h('select', { 'aria-label': `Status of ${l.Name || l.Email}` });
    for (const s of ['new', 'contacted', 'closed']) st.append(h('option', { value: s, selected: s === l.Status }, s));
    const who = h(
      'select',
      { 'aria-label': `Who follows up ${l.Name || l.Email}` },
      h('option', { value: '' }, 'Nobody'),
    );
    for (const u of users)
      who.append(h('option', { value: u.ID, selected: u.ID === l.AssignedUserID }, u.Name || u.Email));
    const note = h('textarea', { rows: '2', maxlength: '5000', 'aria-label': `Note on ${l.Name || l.Email}` });
    note.value = l.Note;
    const save = h('button', { type: 'button' }, 'Save');
    const saved = h('span', { class: 'muted', 'aria-live': 'polite' });
    save.addEventListener('click', async () => {
      saved.textContent = '';
      try {
        await post(`/console/api/leads/${l.ID}`, {
          Status: st.value,
          Note: note.value,
          AssignedUserID: who.value ? Number(who.value) : null,
        });
        saved.textContent = 'Saved';
      } catch (x) {
        saved.textContent = errorText(x);
      }
    });
    return h(
      'tr',
      {},
      h('td', {}, when(l.CreatedAt)),
      h('td', {}, l.Chatbot),
      h(
        'td',
        {},
        h('strong', {}, l.Name),
        h('br'),
        l.Email ? h('a', { href: `mailto:${l.Email}` }, l.Email) : '',
        l.Phone ? ' ' : '',
        l.Phone ? h('a', { href: `tel:${l.Phone.replace(/[^\d+]/g, '')}` }, l.Phone) : '',
        l.SessionID ? h('div', {}, h('a', { href: `#/conversations/${l.SessionID}` }, 'Conversation')) : null,
      ),
      h('td', {}, l.Message),
      h('td', {}, ...qualificationLines(l).map((line) => h('div', {}, line))),
      h(
        'td',
        { title: l.Crm.Detail },
        l.Crm.Status || '—',
        l.Crm.Detail ? h('div', { class: 'hint' }, l.Crm.Detail) : '',
      ),
      h('td', {}, st),
      h('td', {}, who),
      h('td', {}, note),
      h('td', {}, save, saved),
    );
  };

  const load = async (append: boolean) => {
    error.textContent = '';
    try {
      if (!users.length) users = await get('/console/api/users');
      const data = await get<{ List: Lead[]; Next: number | null }>('/console/api/leads', {
        ...query(),
        before: append ? (next ?? undefined) : undefined,
      });
      next = data.Next;
      more.hidden = next === null;
      if (append) {
        body.append(...data.List.map(row));
        return;
      }
      const params = new URLSearchParams(Object.entries(query()).filter(([, v]) => v));
      csv.href = `/console/api/leads.csv${params.size ? `?${params}` : ''}`;
      body.replaceChildren(...data.List.map(row));
      table.replaceChildren(
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...[
              'Created',
              'Chatbot',
              'Visitor',
              'Message',
              'Qualification',
              'CRM',
              'Status',
              'Follows up',
              'Note',
              '',
            ].map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
        body,
      );
      if (!data.List.length) table.append(h('caption', {}, 'No leads match.'));
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const refresh = () => load(false);
  for (const input of [bot, status, from, to]) input.addEventListener('change', () => void refresh());
  more.addEventListener('click', () => void load(true));

  const el = h(
    'section',
    { 'aria-labelledby': 'leads-title' },
    h('h1', { id: 'leads-title' }, 'Leads'),
    h(
      'div',
      { class: 'filters' },
      field('l-chatbot', 'Chatbot', bot),
      field('l-status', 'Status', status),
      field('l-from', 'From', from),
      field('l-to', 'To', to),
      csv,
    ),
    error,
    h('div', { class: 'scroll' }, table),
    more,
  );
  return { el, refresh };
}
