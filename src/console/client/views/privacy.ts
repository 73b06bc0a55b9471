// Privacy: erase one visitor (the counts shown first, then confirmed) and the audit of erasures
// and retention passes. Owners only; the page calls the API itself (docs/privacy.md).
import { post } from '../api.ts';
import { field, h, when } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

type Counts = Record<string, number>;
interface AuditItem {
  ID: number;
  CreatedAt: string;
  Action: string;
  Actor: string;
  SerialNumber: string | null;
  Counts: Counts;
}

const countText = (c: Counts) =>
  Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'nothing';

export function privacyView(_ctx: ViewContext): View {
  const email = h('input', { id: 'p-email', type: 'email', maxlength: '254', autocomplete: 'off' });
  const phone = h('input', { id: 'p-phone', type: 'tel', maxlength: '50', autocomplete: 'off' });
  const session = h('input', { id: 'p-session', type: 'number', min: '1', inputmode: 'numeric' });
  const count = h('button', { type: 'button' }, 'Count what would be erased');
  const erase = h('button', { type: 'button', disabled: true }, 'Erase');
  const found = h('div', { 'aria-live': 'polite' });
  const error = h('p', { class: 'error', role: 'alert' });
  const audit = h('table', { class: 'grid' });
  let counted: string | null = null;

  const query = () => {
    const body: Record<string, unknown> = {};
    if (email.value.trim()) body.Email = email.value.trim();
    if (phone.value.trim()) body.Phone = phone.value.trim();
    if (session.value.trim()) body.SessionID = Number(session.value);
    return body;
  };
  const show = (title: string, c: Counts) =>
    found.replaceChildren(h('div', { class: 'card' }, h('p', {}, `${title}: ${countText(c)}.`)));

  for (const input of [email, phone, session]) {
    input.addEventListener('input', () => {
      counted = null;
      erase.disabled = true;
    });
  }
  count.addEventListener('click', async () => {
    error.textContent = '';
    try {
      const body = query();
      const r = await post<{ Counts: Counts }>('/chat/Workspace/EraseVisitor', { ...body, DryRun: true });
      show('Would erase', r.Counts);
      counted = JSON.stringify(body);
      erase.disabled = false;
    } catch (x) {
      error.textContent = errorText(x);
    }
  });
  erase.addEventListener('click', async () => {
    const body = query();
    if (counted !== JSON.stringify(body)) return;
    if (!confirm('Erase everything of this visitor? This cannot be undone.')) return;
    try {
      const r = await post<{ Counts: Counts }>('/chat/Workspace/EraseVisitor', { ...body, DryRun: false });
      show('Erased', r.Counts);
      counted = null;
      erase.disabled = true;
      await refresh();
    } catch (x) {
      error.textContent = errorText(x);
    }
  });

  const refresh = async () => {
    try {
      const r = await post<{ List: AuditItem[] }>('/chat/Workspace/GetPrivacyAudit', { Limit: 100 });
      audit.replaceChildren(
        h('caption', {}, 'Erasures and retention passes (counts only)'),
        h(
          'thead',
          {},
          h('tr', {}, ...['When', 'What', 'Who', 'Chatbot', 'Removed'].map((t) => h('th', { scope: 'col' }, t))),
        ),
        h(
          'tbody',
          {},
          ...r.List.map((a) =>
            h(
              'tr',
              {},
              h('td', {}, when(a.CreatedAt)),
              h('td', {}, a.Action),
              h('td', {}, a.Actor),
              h('td', {}, a.SerialNumber ?? '—'),
              h('td', {}, countText(a.Counts)),
            ),
          ),
        ),
      );
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  const el = h(
    'section',
    { 'aria-labelledby': 'privacy-title' },
    h('h1', { id: 'privacy-title' }, 'Privacy'),
    h(
      'p',
      {},
      'Erase one visitor: their conversations, files, leads, showings and what is queued to go out about them. ' +
        'Give an e-mail, a phone or a conversation number; the counts are shown before anything is erased.',
    ),
    h(
      'form',
      { class: 'filters' },
      field('p-email', 'E-mail', email),
      field('p-phone', 'Phone', phone),
      field('p-session', 'Conversation', session),
    ),
    h('div', { class: 'actions' }, count, erase),
    found,
    error,
    audit,
  );
  el.querySelector('form')?.addEventListener('submit', (e) => e.preventDefault());
  return { el, refresh };
}
