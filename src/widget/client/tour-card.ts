// Showings in the conversation: an answer's offered slots as buttons; a button opens a small
// form (name, e-mail, phone) that books it (BookTour); the booked showing as a card with "Add
// to calendar" (the .ics of the manage link) and "Change or cancel" (the manage page). A slot
// taken meanwhile says so and offers the slots free now.
import type { AppointmentCardData, TourSlotData } from '../../answer/tour-desk.ts';
import { type Api, ApiError, type BookingRequest } from './api.ts';
import { h } from './dom.ts';
import { safeUrl } from './text.ts';
import type { TourCard } from './tour-data.ts';

export interface TourUi {
  api: Api;
  /** Adds an item to the conversation (and scrolls to it). */
  append(el: HTMLElement): void;
  /** Keeps a showing booked from the widget in the kept transcript. */
  keep(card: TourCard): void;
}

/** Buttons offered at once: what an answer offers. */
const BUTTONS = 6;

type Contact = Pick<BookingRequest, 'Name' | 'Email' | 'Phone'>;
/** What the visitor typed last, so a second booking needs no retyping (this page only). */
let remembered: Contact = { Name: '', Email: '', Phone: '' };

export function showTour(ui: TourUi, card: TourCard): void {
  if (card.Appointment) ui.append(confirmation(card.Appointment));
  else if (card.Slots.length) ui.append(slotPicker(ui, card));
}

export function confirmation(a: AppointmentCardData): HTMLLIElement {
  const links = h('div', { class: 'tour-links' });
  const calendar = safeUrl(a.CalendarUrl);
  const manage = safeUrl(a.ManageUrl);
  if (calendar)
    links.append(h('a', { href: calendar, download: 'showing.ics', class: 'tour-link' }, 'Add to calendar'));
  if (manage) {
    links.append(h('a', { href: manage, target: '_blank', rel: 'noopener', class: 'tour-link' }, 'Change or cancel'));
  }
  return h(
    'li',
    { class: 'tour booked', role: 'status' },
    h('strong', { class: 'tour-title' }, a.Status === 'cancelled' ? 'Showing cancelled' : '✓ Showing booked'),
    h('span', { class: 'tour-when' }, a.Label),
    h('span', { class: 'tour-where' }, a.Address || 'A call with an agent'),
    links,
  );
}

function slotPicker(ui: TourUi, card: TourCard): HTMLLIElement {
  const li = h('li', { class: 'tour' });
  const title = card.Address ? `Times to see ${card.Address}` : 'Times to talk with an agent';
  const note = h('p', { class: 'tour-note', role: 'alert' });

  const render = (slots: TourSlotData[]) => {
    const group = h('div', { class: 'slots', role: 'group', 'aria-label': title });
    for (const s of slots.slice(0, BUTTONS)) {
      const b = h('button', { type: 'button', class: 'slot' }, s.Label);
      b.addEventListener('click', () => openForm(s));
      group.append(b);
    }
    li.replaceChildren(h('strong', { class: 'tour-title' }, title), group, note);
    if (!slots.length) note.textContent = 'No time is free at the moment.';
  };

  const openForm = (slot: TourSlotData) => {
    li.querySelector('form')?.remove();
    const form = bookingForm(slot, async (contact) => {
      remembered = contact;
      try {
        const appointment = await ui.api.bookTour({ Start: slot.Start, MLSNumber: card.MLSNumber, ...contact });
        li.replaceWith(confirmation(appointment));
        ui.keep({ ...card, Slots: [], Appointment: appointment });
      } catch (err) {
        // Taken meanwhile, or no longer a slot: the buttons show what is free now.
        if (err instanceof ApiError && (err.code === 409 || /^Start: /.test(err.message))) {
          render(await ui.api.tourSlots(card.MLSNumber).catch(() => []));
          note.textContent = `${err.message.replace(/^Start: /, '').split(';')[0]}. Please choose another time.`;
          return;
        }
        throw err;
      }
    });
    li.append(form);
    form.querySelector('input')?.focus();
  };

  render(card.Slots);
  return li;
}

function bookingForm(slot: TourSlotData, submit: (c: Contact) => Promise<void>): HTMLFormElement {
  const name = h('input', {
    name: 'name',
    autocomplete: 'name',
    required: true,
    maxlength: '200',
    value: remembered.Name,
  });
  const email = h('input', {
    name: 'email',
    type: 'email',
    autocomplete: 'email',
    maxlength: '254',
    value: remembered.Email,
  });
  const phone = h('input', {
    name: 'phone',
    type: 'tel',
    autocomplete: 'tel',
    maxlength: '50',
    value: remembered.Phone,
  });
  const err = h('div', { class: 'err', role: 'alert' });
  const send = h('button', { type: 'submit' }, 'Book');
  const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
  const form = h(
    'form',
    { class: 'tour-form', 'aria-label': `Book ${slot.Label}` },
    h('span', { class: 'tour-when' }, `Book ${slot.Label}`),
    h('label', {}, 'Name', name),
    h('label', {}, 'Email', email),
    h('label', {}, 'Phone', phone),
    err,
    h('div', { class: 'row' }, cancel, send),
  );
  cancel.addEventListener('click', () => form.remove());
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!email.value.trim() && !phone.value.trim()) {
      err.textContent = 'Please give an email or a phone number.';
      return;
    }
    send.disabled = true;
    err.textContent = '';
    try {
      await submit({ Name: name.value.trim(), Email: email.value.trim(), Phone: phone.value.trim() });
    } catch (x) {
      err.textContent = x instanceof Error ? x.message : String(x);
    } finally {
      send.disabled = false;
    }
  });
  return form;
}
