// One showing as the console draws it (the agenda and a conversation): when, the visitor, the
// listing's card, and the staff's actions on it: cancel, move to a free slot, assign to an agent.
import { ApiError, get, post } from '../api.ts';
import { h } from '../dom.ts';
import { errorText } from './view.ts';

export interface ListingCard {
  MLSNumber: string;
  Address: string;
  City: string;
  Price: string;
  CurrencySymbol: string;
  Bedrooms: string;
  Bathrooms: string;
  Image: string;
  Url: string;
}

export interface Showing {
  ID: number;
  SessionID: number | null;
  Start: string;
  End: string;
  Label: string;
  Status: string;
  Name: string;
  Email: string;
  Phone: string;
  MLSNumber: string;
  Address: string;
  ListingUrl: string;
  Message: string;
  AssignedUserID: number | null;
  Listing: ListingCard | null;
}

export interface User {
  ID: number;
  Email: string;
  Name: string;
}

interface Slot {
  Start: string;
  Label: string;
}

const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : '');

function listingCard(s: Showing): HTMLElement {
  const l = s.Listing;
  if (!s.MLSNumber) return h('p', { class: 'muted' }, 'A call with an agent');
  const url = safeUrl(l?.Url ?? s.ListingUrl);
  const price = l?.Price ? `${l.CurrencySymbol}${Number(l.Price).toLocaleString('en-US')}` : '';
  return h(
    'div',
    { class: 'listing' },
    l?.Image && safeUrl(l.Image) ? h('img', { src: l.Image, alt: '', width: 96, height: 64 }) : null,
    h(
      'div',
      {},
      url ? h('a', { href: url, target: '_blank', rel: 'noopener' }, s.Address || s.MLSNumber) : s.Address,
      h('br'),
      h(
        'span',
        { class: 'muted' },
        [`MLS ${s.MLSNumber}`, price, l ? `${l.Bedrooms} bd, ${l.Bathrooms} ba` : 'no longer listed']
          .filter(Boolean)
          .join(' · '),
      ),
    ),
  );
}

/**
 * A showing's card; `changed` runs after an action succeeded (the caller reads the list again).
 * `users` are the workspace's console users, for "assign".
 */
export function showingCard(s: Showing, users: User[], changed: () => void): HTMLElement {
  const who = s.Name || s.Email || s.Phone;
  const status = h('span', { class: 'muted', 'aria-live': 'polite' });
  const act = async (path: string, body: unknown, done: string) => {
    status.textContent = '';
    try {
      await post(`/console/api/appointments/${s.ID}/${path}`, body);
      status.textContent = done;
      changed();
    } catch (x) {
      status.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  };
  const booked = s.Status === 'booked';
  const assign = h('select', { 'aria-label': `Agent for ${who}`, disabled: !booked });
  assign.append(h('option', { value: '' }, 'Nobody (the chatbot’s e-mail)'));
  for (const u of users)
    assign.append(h('option', { value: u.ID, selected: u.ID === s.AssignedUserID }, u.Name || u.Email));
  assign.addEventListener(
    'change',
    () => void act('assign', { UserID: assign.value ? Number(assign.value) : null }, 'Assigned'),
  );
  const cancel = h('button', { type: 'button', disabled: !booked }, 'Cancel');
  cancel.addEventListener('click', () => {
    if (confirm(`Cancel ${who}'s showing on ${s.Label}?`)) void act('cancel', {}, 'Cancelled');
  });
  const moveTo = h('select', { 'aria-label': `New time for ${who}`, hidden: true });
  const move = h('button', { type: 'button', disabled: !booked }, 'Reschedule');
  move.addEventListener('click', async () => {
    if (!moveTo.hidden && moveTo.value) {
      await act('reschedule', { Start: moveTo.value }, 'Moved');
      return;
    }
    status.textContent = '';
    try {
      const slots = await get<Slot[]>(`/console/api/appointments/${s.ID}/slots`);
      moveTo.replaceChildren(...slots.slice(0, 200).map((x) => h('option', { value: x.Start }, x.Label)));
      moveTo.hidden = false;
      move.textContent = 'Move';
      if (!slots.length) status.textContent = 'No free time to move it to.';
    } catch (x) {
      status.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  });
  return h(
    'li',
    { class: `showing card ${booked ? '' : 'cancelled'}` },
    h('div', { class: 'when' }, h('strong', {}, s.Label), ' ', h('span', { class: 'pill' }, s.Status)),
    h(
      'div',
      {},
      h('strong', {}, who),
      s.Email ? h('div', {}, h('a', { href: `mailto:${s.Email}` }, s.Email)) : null,
      s.Phone ? h('div', {}, s.Phone) : null,
      s.SessionID ? h('div', {}, h('a', { href: `#/conversations/${s.SessionID}` }, 'Conversation')) : null,
      s.Message ? h('p', { class: 'muted' }, s.Message) : null,
    ),
    listingCard(s),
    h('div', { class: 'actions' }, assign, moveTo, move, cancel, status),
  );
}

let usersCache: User[] | null = null;
export async function consoleUsers(): Promise<User[]> {
  usersCache ??= await get<User[]>('/console/api/users');
  return usersCache;
}
