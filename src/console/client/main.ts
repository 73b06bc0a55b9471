// The console: sign-in, then one page whose views follow the URL's hash (#/start, owners' home,
// #/conversations (agents' home), #/conversations/42, #/leads, #/agenda, #/review, #/analytics,
// #/chatbots, #/listings, #/usage, #/keys, #/mcp, #/privacy, #/people). Agents have
// conversations, leads, the agenda and their own account (#/people, "Your account"); any other
// route takes them to conversations. Live updates come from /console/api/events; the view on
// screen re-reads what changed.
import { ApiError, get, type Me, post, setCsrf } from './api.ts';
import { h } from './dom.ts';
import { STYLES } from './styles.ts';
import { agendaView } from './views/agenda.ts';
import { analyticsView } from './views/analytics.ts';
import { chatbotsView } from './views/chatbots.ts';
import { conversationView } from './views/conversation.ts';
import { inboxView } from './views/inbox.ts';
import { invitePage } from './views/invite.ts';
import { keysView } from './views/keys.ts';
import { knowledgeView } from './views/knowledge.ts';
import { leadsView } from './views/leads.ts';
import { listingsView } from './views/listings.ts';
import { mcpView } from './views/mcp.ts';
import { peopleView } from './views/people.ts';
import { privacyView } from './views/privacy.ts';
import { reviewView } from './views/review.ts';
import { startView } from './views/start.ts';
import { usageView } from './views/usage.ts';
import type { View, ViewContext } from './views/view.ts';

interface Route {
  path: RegExp;
  title: string;
  /** Shown to owners only; an agent who opens it lands on Conversations. */
  owner: boolean;
  /** The title an agent sees, when it differs (People holds only their own account). */
  agentTitle?: string;
  make: (ctx: ViewContext, m: RegExpMatchArray) => View;
}

const ROUTES: Route[] = [
  { path: /^#\/start$/, title: 'Get started', owner: true, make: (c) => startView(c) },
  {
    path: /^#\/conversations\/(\d+)$/,
    title: 'Conversation',
    owner: false,
    make: (c, m) => conversationView(c, Number(m[1])),
  },
  { path: /^#\/conversations$/, title: 'Conversations', owner: false, make: (c) => inboxView(c) },
  { path: /^#\/leads$/, title: 'Leads', owner: false, make: (c) => leadsView(c) },
  { path: /^#\/agenda$/, title: 'Agenda', owner: false, make: (c) => agendaView(c) },
  { path: /^#\/review$/, title: 'Review', owner: true, make: (c) => reviewView(c) },
  { path: /^#\/analytics$/, title: 'Analytics', owner: true, make: (c) => analyticsView(c) },
  { path: /^#\/chatbots$/, title: 'Chatbots', owner: true, make: (c) => chatbotsView(c) },
  { path: /^#\/listings$/, title: 'Listings', owner: true, make: (c) => listingsView(c) },
  { path: /^#\/knowledge$/, title: 'Knowledge', owner: true, make: (c) => knowledgeView(c) },
  { path: /^#\/usage$/, title: 'Usage', owner: true, make: (c) => usageView(c) },
  { path: /^#\/keys$/, title: 'Keys', owner: true, make: (c) => keysView(c) },
  { path: /^#\/mcp$/, title: 'Assistants (MCP)', owner: true, make: (c) => mcpView(c) },
  { path: /^#\/privacy$/, title: 'Privacy', owner: true, make: (c) => privacyView(c) },
  {
    path: /^#\/people$/,
    title: 'People',
    owner: false,
    agentTitle: 'Your account',
    make: (c) => peopleView(c),
  },
];

function addStyles(): void {
  document.head.append(h('style', {}, STYLES));
}

function signInPage(root: HTMLElement): void {
  const email = h('input', { id: 'email', type: 'email', autocomplete: 'username', required: true });
  const password = h('input', { id: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const error = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { type: 'submit' }, 'Sign in');
  const form = h(
    'form',
    { class: 'card signin', 'aria-labelledby': 'signin-title' },
    h('h1', { id: 'signin-title' }, 'Parlor console'),
    h('label', { for: 'email' }, 'E-mail'),
    email,
    h('label', { for: 'password' }, 'Password'),
    password,
    error,
    button,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    button.disabled = true;
    try {
      await post('/console/api/sign-in', { Email: email.value, Password: password.value });
      location.assign('/console');
    } catch (x) {
      error.textContent = x instanceof ApiError ? x.message : 'The console is unreachable right now.';
    } finally {
      button.disabled = false;
    }
  });
  root.append(h('main', {}, form));
  email.focus();
}

async function consoleApp(root: HTMLElement): Promise<void> {
  const me = await get<Me>('/console/api/me');
  setCsrf(me.CsrfToken);
  const waiting = h('span', { class: 'badge', 'aria-live': 'polite' });
  const owner = me.Role === 'owner';
  const titleOf = (r: Route) => (owner ? r.title : (r.agentTitle ?? r.title));
  const links = ROUTES.filter((r) => !r.path.source.includes('\\d') && (!r.owner || owner)).map((r) => {
    const href = r.path.source.replace(/^\^/, '').replace(/\$$/, '').replace(/\\\//g, '/');
    return h('a', { href, 'data-route': href }, titleOf(r), r.title === 'Conversations' ? waiting : null);
  });
  const signOut = h('button', { type: 'button', class: 'link' }, 'Sign out');
  signOut.addEventListener('click', async () => {
    await post('/console/api/sign-out').catch(() => {});
    location.assign('/console/sign-in');
  });
  const main = h('main', { id: 'main', tabindex: '-1' });
  // The first Tab on every page reaches this link; it skips the navigation (the hash holds the
  // route, so it moves focus itself rather than jumping to #main).
  const skip = h('a', { class: 'skip', href: '#main' }, 'Skip to the page');
  skip.addEventListener('click', (e) => {
    e.preventDefault();
    main.focus();
  });
  root.append(
    skip,
    h(
      'header',
      { class: 'top' },
      h('strong', { class: 'brand' }, 'Parlor'),
      h('nav', { 'aria-label': 'Console' }, ...links),
      h('span', { class: 'who' }, `${me.Name || me.Email} (${me.Role})`),
      signOut,
    ),
    main,
  );

  const ctx: ViewContext = { me, setWaiting: (n) => (waiting.textContent = n > 0 ? ` ${n} waiting` : '') };
  let current: View | null = null;
  const show = async () => {
    const hash = location.hash || (owner ? '#/start' : '#/conversations');
    const route =
      ROUTES.find((r) => r.path.test(hash) && (!r.owner || owner)) ?? ROUTES.find((r) => r.title === 'Conversations');
    if (!route) return;
    const match = hash.match(route.path) ?? (['#/conversations'] as unknown as RegExpMatchArray);
    current?.dispose?.();
    current = route.make(ctx, match);
    document.title = `${titleOf(route)} · Parlor console`;
    for (const a of links) {
      const active = hash.startsWith(a.getAttribute('data-route') ?? '-');
      if (active) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    main.replaceChildren(current.el);
    await current.refresh();
  };
  // A new page takes focus, so a screen reader reads it and Tab starts from it.
  window.addEventListener('hashchange', () => void show().then(() => main.focus()));
  await show();

  // Live updates: the view on screen re-reads what changed (at most every 150 ms).
  let pending: number | undefined;
  let changed: Set<number | null> = new Set();
  const events = new EventSource('/console/api/events');
  events.onmessage = (e) => {
    const data = JSON.parse(e.data) as { SessionID?: number; Ready?: boolean };
    if (data.Ready) return;
    changed.add(data.SessionID ?? null);
    if (pending) return;
    pending = window.setTimeout(() => {
      pending = undefined;
      const batch = changed;
      changed = new Set();
      const view = current;
      if (!view?.live) return;
      for (const id of batch.has(null) ? [null] : batch) void view.live(id);
    }, 150);
  };
}

addStyles();
const root = document.getElementById('app') ?? document.body;
if (location.pathname.endsWith('/sign-in')) signInPage(root);
else if (location.pathname.endsWith('/invite')) void invitePage(root);
else
  consoleApp(root).catch((x) => {
    root.append(h('p', { class: 'error', role: 'alert' }, x instanceof Error ? x.message : String(x)));
  });
