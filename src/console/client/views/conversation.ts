// One conversation: the transcript with listing cards, the visitor's lead, a reply box,
// take over and hand back to the bot. Live: new messages appear as they are stored.
import { ApiError, get, post } from '../api.ts';
import { h, when } from '../dom.ts';
import { STATE_LABELS } from './inbox.ts';
import { priceWords } from './listing-words.ts';
import { consoleUsers, type Showing, showingCard } from './showing.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Card {
  MLSNumber?: string;
  Address?: string;
  City?: string;
  /** A plain decimal ("589000"), as the API's ListingCard writes it. */
  Price?: string | number | null;
  CurrencySymbol?: string;
  SaleType?: string;
  Url?: string;
  Bedrooms?: string | number;
  Bathrooms?: string | number;
}
interface Message {
  ID: number;
  Role: 'user' | 'assistant' | 'agent';
  Content: string;
  CreatedAt: string;
  Listings: Card[];
  Author: string;
}
interface Lead {
  ID: number;
  Name: string;
  Email: string;
  Phone: string;
  Message: string;
  Status: string;
}
interface Conversation {
  SessionID: number;
  Chatbot: string;
  State: string;
  PageUrl: string | null;
  CreatedAt: string;
  Messages: Message[];
  Leads: Lead[];
}

const WHO: Record<string, string> = { user: 'Visitor', assistant: 'Bot', agent: 'Agent' };

function cards(list: Card[]): HTMLElement | null {
  if (!list.length) return null;
  return h(
    'ul',
    { class: 'cards', 'aria-label': 'Listings shown' },
    ...list.map((c) =>
      h(
        'li',
        {},
        c.Url && /^https?:/.test(c.Url)
          ? h('a', { href: c.Url, target: '_blank', rel: 'noopener' }, c.Address || c.MLSNumber || 'Listing')
          : c.Address || c.MLSNumber || 'Listing',
        h(
          'span',
          { class: 'muted' },
          ` ${[c.City, priceWords(c.Price, c.CurrencySymbol ?? '$', /rent/i.test(c.SaleType ?? '')), c.Bedrooms ? `${c.Bedrooms} bd` : ''].filter(Boolean).join(' · ')}`,
        ),
      ),
    ),
  );
}

function safeLink(url: string | null): HTMLElement | string {
  if (!url) return 'not known';
  return /^https?:\/\//.test(url) ? h('a', { href: url, target: '_blank', rel: 'noopener' }, url) : url;
}

export function conversationView(_ctx: ViewContext, sessionId: number): View {
  const title = h('h1', { id: 'conv-title' }, `Conversation #${sessionId}`);
  const meta = h('p', { class: 'muted' });
  const state = h('span', { class: 'pill', 'aria-live': 'polite' });
  const transcript = h('ol', { class: 'transcript', 'aria-label': 'Transcript' });
  const leadBox = h('aside', { class: 'card lead', 'aria-label': "The visitor's lead" });
  const showingsBox = h('aside', { class: 'card', 'aria-label': "The visitor's showings" });
  const reply = h('textarea', { id: 'reply', rows: '3', maxlength: '8000' });
  const send = h('button', { type: 'submit' }, 'Send reply');
  const takeOver = h('button', { type: 'button' }, 'Take over');
  const handBack = h('button', { type: 'button' }, 'Hand back to the bot');
  const error = h('p', { class: 'error', role: 'alert' });
  const form = h(
    'form',
    { class: 'reply' },
    h('label', { for: 'reply' }, 'Reply to the visitor'),
    reply,
    error,
    h('div', { class: 'actions' }, send, takeOver, handBack),
  );
  let shown = 0;

  const refresh = async () => {
    try {
      const c = await get<Conversation>(`/console/api/conversations/${sessionId}`);
      const lead = c.Leads[0];
      title.textContent = lead ? `${lead.Name || lead.Email || lead.Phone}` : `Visitor #${c.SessionID}`;
      meta.replaceChildren(`${c.Chatbot} · started ${when(c.CreatedAt)} · page: `, safeLink(c.PageUrl));
      state.textContent = STATE_LABELS[c.State] ?? c.State;
      state.className = `pill ${c.State}`;
      takeOver.hidden = c.State === 'person';
      handBack.hidden = c.State === 'bot';
      const fresh = c.Messages.filter((m) => m.ID > shown);
      for (const m of fresh) {
        transcript.append(
          h(
            'li',
            { class: `msg ${m.Role}` },
            h(
              'span',
              { class: 'who' },
              m.Role === 'agent' && m.Author ? `${WHO.agent} (${m.Author})` : (WHO[m.Role] ?? m.Role),
            ),
            h('span', { class: 'muted' }, ` ${when(m.CreatedAt)}`),
            h('p', {}, m.Content),
            cards(m.Listings),
          ),
        );
      }
      shown = c.Messages.at(-1)?.ID ?? shown;
      if (fresh.length) transcript.lastElementChild?.scrollIntoView({ block: 'nearest' });
      leadBox.replaceChildren(
        h('h2', {}, 'Lead'),
        ...(lead
          ? ([
              h('p', {}, lead.Name),
              lead.Email ? h('p', {}, h('a', { href: `mailto:${lead.Email}` }, lead.Email)) : null,
              lead.Phone ? h('p', {}, h('a', { href: `tel:${lead.Phone.replace(/[^\d+]/g, '')}` }, lead.Phone)) : null,
              lead.Message ? h('p', { class: 'muted' }, lead.Message) : null,
              h('p', {}, `Status: ${lead.Status}`, ' · ', h('a', { href: '#/leads' }, 'Leads')),
            ].filter((x) => x !== null) as HTMLElement[])
          : [h('p', { class: 'muted' }, 'No lead left yet.')]),
      );
      await showShowings();
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  // The showings booked in this conversation (tours), with the agenda's actions.
  const showShowings = async () => {
    const [list, users] = await Promise.all([
      get<Showing[]>(`/console/api/conversations/${sessionId}/appointments`),
      consoleUsers(),
    ]);
    showingsBox.hidden = list.length === 0;
    showingsBox.replaceChildren(
      h('h2', {}, 'Showings'),
      h('ul', { class: 'showings' }, ...list.map((a) => showingCard(a, users, () => void showShowings()))),
      h('p', {}, h('a', { href: '#/agenda' }, 'Agenda')),
    );
  };

  const act = async (fn: () => Promise<unknown>) => {
    error.textContent = '';
    try {
      await fn();
      await refresh();
    } catch (x) {
      error.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void act(async () => {
      send.disabled = true;
      try {
        await post('/chat/Chat/AgentReply', { sessionID: sessionId, content: reply.value });
        reply.value = '';
      } finally {
        send.disabled = false;
      }
    });
  });
  takeOver.addEventListener('click', () => void act(() => post(`/console/api/conversations/${sessionId}/take-over`)));
  handBack.addEventListener('click', () => void act(() => post(`/console/api/conversations/${sessionId}/hand-back`)));

  const el = h(
    'section',
    { 'aria-labelledby': 'conv-title', class: 'conversation' },
    h('p', {}, h('a', { href: '#/conversations' }, '← All conversations')),
    title,
    h('p', {}, state),
    meta,
    h('div', { class: 'split' }, h('div', {}, transcript, form), h('div', {}, leadBox, showingsBox)),
  );
  return {
    el,
    refresh,
    live: async (changed) => {
      if (changed === null || changed === sessionId) await refresh();
    },
  };
}
