// Keys: API keys created with a name (shown once, with a copy button) and revoked; the session
// key rotated. Owners only.
import { get, post } from '../api.ts';
import { field, h, when } from '../dom.ts';
import { crmForm } from './crm-form.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Key {
  ID: number;
  Kind: string;
  Name: string;
  Prefix: string;
  CreatedAt: string;
  RevokedAt: string | null;
}

export function keysView(_ctx: ViewContext): View {
  const table = h('table', { class: 'grid' });
  const shown = h('div', { 'aria-live': 'polite' });
  const error = h('p', { class: 'error', role: 'alert' });
  const keyName = h('input', { id: 'k-name', type: 'text', maxlength: 100, placeholder: 'Our website' });
  const create = h('button', { type: 'button' }, 'Create an API key');
  const rotate = h('button', { type: 'button' }, 'Rotate the session key');
  const crm = crmForm();

  const reveal = (kind: string, key: string) => {
    const copy = h('button', { type: 'button' }, 'Copy');
    const copied = h('span', { class: 'muted', 'aria-live': 'polite' });
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(key);
        copied.textContent = 'Copied';
      } catch {
        copied.textContent = 'Select the key and copy it by hand';
      }
    });
    shown.replaceChildren(
      h(
        'div',
        { class: 'card' },
        h('p', {}, `New ${kind} — copy it now, it is not shown again:`),
        h('code', { class: 'key' }, key),
        ' ',
        copy,
        ' ',
        copied,
      ),
    );
  };
  const refresh = async () => {
    try {
      const keys = await get<Key[]>('/console/api/keys');
      table.replaceChildren(
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['Name', 'Kind', 'Starts with', 'Created', 'Revoked', ''].map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
        h(
          'tbody',
          {},
          ...keys.map((k) => {
            const called = k.Name ? `${k.Name} (${k.Prefix}…)` : `${k.Prefix}…`;
            const revoke = h('button', { type: 'button', 'aria-label': `Revoke ${k.Kind} key ${called}` }, 'Revoke');
            revoke.addEventListener('click', async () => {
              if (!confirm(`Revoke the ${k.Kind} key ${called}? Clients using it stop working at once.`)) return;
              await post(`/console/api/keys/${k.ID}/revoke`).catch((x) => (error.textContent = errorText(x)));
              await refresh();
            });
            return h(
              'tr',
              {},
              h('td', {}, k.Name || '—'),
              h('td', {}, k.Kind),
              h('td', {}, h('code', {}, `${k.Prefix}…`)),
              h('td', {}, when(k.CreatedAt)),
              h('td', {}, k.RevokedAt ? when(k.RevokedAt) : '—'),
              h('td', {}, k.RevokedAt ? '' : revoke),
            );
          }),
        ),
      );
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  create.addEventListener('click', async () => {
    try {
      error.textContent = '';
      const r = await post<{ Key: string; Name: string }>('/console/api/keys', { Kind: 'api', Name: keyName.value });
      keyName.value = '';
      reveal(r.Name ? `API key "${r.Name}"` : 'API key', r.Key);
      await refresh();
    } catch (x) {
      error.textContent = errorText(x);
    }
  });
  rotate.addEventListener('click', async () => {
    if (!confirm('Rotate the session key? The current one stops working at once.')) return;
    try {
      const r = await post<{ Key: string }>('/console/api/keys', { Kind: 'session' });
      reveal('session key', r.Key);
      await refresh();
    } catch (x) {
      error.textContent = errorText(x);
    }
  });
  const el = h(
    'section',
    { 'aria-labelledby': 'keys-title' },
    h('h1', { id: 'keys-title' }, 'Keys'),
    h(
      'p',
      { class: 'muted' },
      'Keys let your own software or a developer use the API (listings, leads, reports); keep them secret. ' +
        'An API key goes in the Authorization header, and you may have several; the session key is the one ' +
        "key the hosted platform's clients send in chatrobot-sessionkey. Revoking or rotating stops a key at once.",
    ),
    h('div', { class: 'actions' }, field('k-name', 'Key name', keyName), create, rotate),
    shown,
    error,
    table,
    crm.el,
  );
  return {
    el,
    async refresh() {
      await Promise.all([refresh(), crm.refresh()]);
    },
  };
}
