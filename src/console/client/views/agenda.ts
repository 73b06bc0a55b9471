// The agenda: a chatbot's showings of a day or a week (/console/api/agenda), by agent when
// one is picked, each with its visitor, the listing's card, and cancel, reschedule, assign.
import { get } from '../api.ts';
import { field, h } from '../dom.ts';
import { consoleUsers, type Showing, showingCard, type User } from './showing.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Agenda {
  Chatbot: { SerialNumber: string; Name: string; TimeZone: string };
  From: string;
  To: string;
  Appointments: Showing[];
}

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const dayTitle = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });

export function agendaView(ctx: ViewContext): View {
  const bot = h('select', { id: 'a-chatbot' });
  for (const b of ctx.me.Chatbots) bot.append(h('option', { value: b.SerialNumber }, b.Name));
  const span = h(
    'select',
    { id: 'a-days' },
    h('option', { value: '1' }, 'Day'),
    h('option', { value: '7', selected: true }, 'Week'),
  );
  const from = h('input', { id: 'a-from', type: 'date' });
  const agent = h('select', { id: 'a-agent' }, h('option', { value: '' }, 'Every agent'));
  const prev = h('button', { type: 'button' }, 'Earlier');
  const next = h('button', { type: 'button' }, 'Later');
  const summary = h('p', { class: 'muted', role: 'status' });
  const error = h('p', { class: 'error', role: 'alert' });
  const list = h('div', { class: 'agenda' });
  let users: User[] = [];

  const load = async () => {
    error.textContent = '';
    if (!bot.value) {
      summary.textContent = 'No chatbot yet.';
      return;
    }
    try {
      if (!users.length) {
        users = await consoleUsers();
        for (const u of users) agent.append(h('option', { value: u.ID }, u.Name || u.Email));
      }
      const data = await get<Agenda>('/console/api/agenda', {
        chatbot: bot.value,
        from: from.value || undefined,
        days: span.value,
        agent: agent.value || undefined,
      });
      if (!from.value) from.value = data.From;
      const booked = data.Appointments.filter((a) => a.Status === 'booked').length;
      summary.textContent = `${booked} showing(s) booked from ${data.From} to ${data.To} (${data.Chatbot.TimeZone}).`;
      const days: HTMLElement[] = [];
      for (let d = data.From; d <= data.To; d = addDays(d, 1)) {
        const items = data.Appointments.filter((a) => a.Start.startsWith(d));
        if (!items.length && span.value !== '1') continue;
        days.push(
          h(
            'section',
            { 'aria-label': dayTitle(d) },
            h('h2', {}, dayTitle(d)),
            items.length
              ? h('ul', { class: 'showings' }, ...items.map((a) => showingCard(a, users, () => void load())))
              : h('p', { class: 'muted' }, 'No showings.'),
          ),
        );
      }
      list.replaceChildren(...(days.length ? days : [h('p', { class: 'muted' }, 'No showings.')]));
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const shift = (sign: number) => {
    if (!from.value) return;
    from.value = addDays(from.value, sign * Number(span.value));
    void load();
  };
  prev.addEventListener('click', () => shift(-1));
  next.addEventListener('click', () => shift(1));
  for (const input of [bot, span, from, agent]) input.addEventListener('change', () => void load());

  const el = h(
    'section',
    { 'aria-labelledby': 'agenda-title' },
    h('h1', { id: 'agenda-title' }, 'Agenda'),
    h(
      'div',
      { class: 'filters' },
      field('a-chatbot', 'Chatbot', bot),
      field('a-days', 'Show', span),
      field('a-from', 'From', from),
      field('a-agent', 'Agent', agent),
      prev,
      next,
    ),
    summary,
    error,
    list,
  );
  return { el, refresh: load, live: async () => load() };
}
