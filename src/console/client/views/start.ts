// Get started (the owners' home page): the embed snippet of a chatbot with a copy button, a
// link to its live widget, and the checklist to go live, each step ticked from what is really
// saved (/console/api/get-started). "Remove demo data" removes the demo chatbot's sample
// listings and conversations once the owner confirms.
import { get, post } from '../api.ts';
import { field, h } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Step {
  Key: string;
  Title: string;
  Done: boolean;
}

interface Start {
  Chatbot: { SerialNumber: string; Name: string } | null;
  Embed: string;
  WidgetUrl: string;
  DemoChatbots: { SerialNumber: string; Name: string }[];
  Steps: Step[];
  Done: boolean;
}

/** Where each step is done. */
const WHERE: Record<string, [string, string]> = {
  name: ['#/chatbots', 'Chatbots'],
  about: ['#/knowledge', 'Knowledge'],
  listings: ['#/listings', 'Listings'],
  handoff: ['#/chatbots', 'Chatbots'],
  agent: ['#/people', 'People'],
  password: ['#/people', 'People'],
};

export function startView(ctx: ViewContext): View {
  const pick = h('select', { id: 'g-bot' });
  for (const b of ctx.me.Chatbots) pick.append(h('option', { value: b.SerialNumber }, b.Name));
  const error = h('p', { class: 'error', role: 'alert' });
  const status = h('p', { role: 'status' });
  const snippet = h('textarea', { id: 'g-embed', rows: '3', readonly: true });
  const copy = h('button', { type: 'button' }, 'Copy snippet');
  const widget = h('a', { href: '#', target: '_blank', rel: 'noopener' }, 'Open the live widget');
  const summary = h('p', { id: 'g-summary' });
  const list = h('ol', { class: 'checklist', 'aria-describedby': 'g-summary' });
  const removeDemo = h('button', { type: 'button', class: 'danger' }, 'Remove demo data');
  const demoNote = h('p', { class: 'muted' });

  copy.addEventListener('click', async () => {
    snippet.select();
    try {
      await navigator.clipboard.writeText(snippet.value);
      status.textContent = 'Snippet copied.';
    } catch {
      // No clipboard permission (an insecure origin): the text is selected for Ctrl+C.
      status.textContent = 'Snippet selected: press Ctrl+C (⌘C on a Mac) to copy it.';
    }
  });

  removeDemo.addEventListener('click', async () => {
    const ok = window.confirm(
      'Remove the demo data? The demo chatbot keeps its settings, but its 12 sample listings and every ' +
        'conversation it has had (with their leads and showings) are deleted. This cannot be undone.',
    );
    if (!ok) return;
    error.textContent = '';
    removeDemo.disabled = true;
    try {
      const r = await post<{ Listings: number; Sessions: number }>('/console/api/demo-data/remove', { Confirm: true });
      status.textContent = `Demo data removed: ${r.Listings} sample listing(s) and ${r.Sessions} conversation(s).`;
      await load();
    } catch (x) {
      error.textContent = errorText(x);
    } finally {
      removeDemo.disabled = false;
    }
  });

  const load = async () => {
    error.textContent = '';
    try {
      const s = await get<Start>('/console/api/get-started', { chatbot: pick.value || undefined });
      snippet.value = s.Embed;
      widget.setAttribute('href', s.WidgetUrl || '#');
      const done = s.Steps.filter((x) => x.Done).length;
      summary.textContent = s.Done
        ? 'Done: everything to go live is in place.'
        : `${done} of ${s.Steps.length} steps done.`;
      list.replaceChildren(
        ...s.Steps.map((step) => {
          const where = WHERE[step.Key];
          return h(
            'li',
            { class: step.Done ? 'done' : 'todo', 'data-step': step.Key },
            h('span', { class: 'tick', 'aria-hidden': 'true' }, step.Done ? '✓' : '○'),
            h('span', {}, step.Title),
            h('span', { class: 'visually-hidden' }, step.Done ? ' (done)' : ' (to do)'),
            !step.Done && where ? h('a', { href: where[0] }, ` Go to ${where[1]}`) : null,
          );
        }),
      );
      const demo = s.DemoChatbots.map((b) => b.Name).join(', ');
      demoNote.textContent = demo
        ? `Sample listings and test conversations of: ${demo}.`
        : 'There is no demo data left.';
      removeDemo.hidden = !demo;
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  pick.addEventListener('change', () => void load());

  const el = h(
    'section',
    { 'aria-labelledby': 'start-title' },
    h('h1', { id: 'start-title' }, 'Get started'),
    error,
    status,
    h(
      'div',
      { class: 'card' },
      h('h2', {}, 'Put the chat on your website'),
      h('div', { class: 'filters' }, field('g-bot', 'Chatbot', pick)),
      h('p', {}, 'Paste this line before the closing </body> tag of every page that should show the chat:'),
      field('g-embed', 'Embed snippet', snippet),
      h('div', { class: 'actions' }, copy, widget),
    ),
    h('div', { class: 'card' }, h('h2', {}, 'Checklist to go live'), summary, list),
    h('div', { class: 'card' }, h('h2', {}, 'Demo data'), demoNote, removeDemo),
  );
  return { el, refresh: load };
}
