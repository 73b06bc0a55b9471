// The chatbot's showing hours on the chatbots page: weekly ranges, slot length, buffer, notice,
// horizon, capacity, blocked dates, reminder and the cap per visitor, read with GetAvailability
// and saved whole with SetAvailability (the API's validation; its message names the field).
import { ApiError, post } from '../api.ts';
import { field, h } from '../dom.ts';
import { errorText } from './view.ts';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

interface Hours {
  Day: string;
  Start: string;
  End: string;
}

interface Availability {
  TimeZone: string;
  Hours: Hours[];
  SlotMinutes: number;
  BufferMinutes: number;
  NoticeMinutes: number;
  HorizonDays: number;
  Capacity: number;
  BlockedDates: string[];
  ReminderMinutes: number;
  MaxUpcomingPerVisitor: number;
}

const NUMBERS: [keyof Availability, string][] = [
  ['SlotMinutes', 'Showing length (minutes)'],
  ['BufferMinutes', 'Buffer between showings (minutes)'],
  ['NoticeMinutes', 'Minimum notice (minutes)'],
  ['HorizonDays', 'Bookable days ahead'],
  ['Capacity', 'Showings at once'],
  ['ReminderMinutes', 'Reminder before (minutes, 0 = none)'],
  ['MaxUpcomingPerVisitor', 'Upcoming showings per visitor'],
];

export function availabilityEditor(): { el: HTMLElement; load(serial: string): Promise<void> } {
  let serial = '';
  let row = 0;
  const ranges = h('ul', { class: 'ranges' });
  const numbers = new Map<string, HTMLInputElement>();
  const zone = h('input', { id: 'av-TimeZone', type: 'text', maxlength: 64 });
  const blocked = h('textarea', { id: 'av-BlockedDates', rows: '2', 'aria-describedby': 'av-BlockedDates-help' });
  const status = h('p', { role: 'status' });
  const error = h('p', { class: 'error', role: 'alert' });

  const rangeRow = (r: Hours) => {
    const n = row++;
    const day = h('select', { 'aria-label': `Day of range ${n + 1}`, 'data-part': 'Day' });
    for (const d of DAYS) day.append(h('option', { value: d, selected: d === r.Day.slice(0, 3) }, d));
    const start = h('input', {
      type: 'text',
      value: r.Start,
      pattern: '\\d{2}:\\d{2}',
      size: 5,
      'aria-label': `Start of range ${n + 1}`,
      'data-part': 'Start',
    });
    const end = h('input', {
      type: 'text',
      value: r.End,
      pattern: '\\d{2}:\\d{2}',
      size: 5,
      'aria-label': `End of range ${n + 1}`,
      'data-part': 'End',
    });
    const remove = h('button', { type: 'button', class: 'secondary' }, 'Remove');
    const li = h('li', {}, day, start, end, remove);
    remove.addEventListener('click', () => li.remove());
    return li;
  };
  const add = h('button', { type: 'button', class: 'secondary' }, 'Add hours');
  add.addEventListener('click', () => ranges.append(rangeRow({ Day: 'Mon', Start: '09:00', End: '17:00' })));

  const form = h(
    'form',
    { class: 'settings', 'aria-labelledby': 'av-title' },
    h('h2', { id: 'av-title' }, 'Showing hours'),
    h('p', { class: 'muted' }, 'Weekly hours in the time zone below (End may be 24:00). No hours: no online bookings.'),
    ranges,
    add,
    ...NUMBERS.map(([name, label]) => {
      const input = h('input', { id: `av-${name}`, type: 'number', min: 0, step: 1 });
      numbers.set(name, input);
      return field(`av-${name}`, label, input);
    }),
    field('av-TimeZone', 'Time zone (IANA)', zone),
    field('av-BlockedDates', 'Blocked dates', blocked),
    h('small', { id: 'av-BlockedDates-help' }, 'YYYY-MM-DD, one per line'),
    error,
    status,
    h('button', { type: 'submit' }, 'Save hours'),
  );

  const fill = (a: Availability) => {
    ranges.replaceChildren(...a.Hours.map(rangeRow));
    for (const [name, input] of numbers) input.value = String(a[name as keyof Availability]);
    zone.value = a.TimeZone;
    blocked.value = a.BlockedDates.join('\n');
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    status.textContent = '';
    const body: Record<string, unknown> = {
      serialNumber: serial,
      Hours: Array.from(ranges.children).map((li) => {
        const part = (p: string) => (li.querySelector(`[data-part=${p}]`) as HTMLInputElement | null)?.value ?? '';
        return { Day: part('Day'), Start: part('Start'), End: part('End') };
      }),
      TimeZone: zone.value.trim(),
      BlockedDates: blocked.value.split(/[\s,]+/).filter(Boolean),
    };
    for (const [name, input] of numbers) body[name] = input.value === '' ? null : Number(input.value);
    try {
      fill(await post<Availability>('/chat/Chatbot/SetAvailability', body));
      status.textContent = 'Showing hours saved.';
    } catch (x) {
      error.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  });

  return {
    el: form,
    async load(s: string) {
      serial = s;
      error.textContent = '';
      status.textContent = '';
      try {
        fill(await post<Availability>('/chat/Chatbot/GetAvailability', { serialNumber: s }));
      } catch (x) {
        error.textContent = errorText(x);
      }
    },
  };
}
