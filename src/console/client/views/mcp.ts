// Assistants (MCP): a chatbot's MCP server for owners. Turns it on and off and requires keys
// (the settings EnableMcp and McpRequireKey, saved through /chat/Chatbot/Edit), shows the URL
// to paste into an assistant's connector settings, and creates (shown once) and revokes its
// MCP keys (/console/api/chatbots/<serial>/mcp/keys).
import { ApiError, get, post } from '../api.ts';
import { field, h, when } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface McpKey {
  ID: number;
  Prefix: string;
  Name: string;
  CreatedAt: string;
  RevokedAt: string;
}

/** A button that copies `text`, and where it says whether it did. */
function copyButton(text: () => string, label: string): HTMLElement {
  const copy = h('button', { type: 'button', class: 'secondary', 'aria-label': label }, 'Copy');
  const copied = h('span', { class: 'muted', 'aria-live': 'polite' });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text());
      copied.textContent = 'Copied';
    } catch {
      copied.textContent = 'Select it and copy it by hand';
    }
  });
  return h('span', {}, copy, ' ', copied);
}

export function mcpView(ctx: ViewContext): View {
  const pick = h('select', { id: 'm-bot' });
  for (const b of ctx.me.Chatbots) pick.append(h('option', { value: b.SerialNumber }, b.Name));
  const enable = h('input', { id: 'm-EnableMcp', type: 'checkbox' });
  const requireKey = h('input', { id: 'm-McpRequireKey', type: 'checkbox' });
  const save = h('button', { type: 'submit' }, 'Save');
  const url = h('code', { id: 'm-url', class: 'key' });
  const state = h('p', { id: 'm-state' });
  const status = h('p', { role: 'status' });
  const error = h('p', { class: 'error', role: 'alert' });
  const keyName = h('input', { id: 'm-key-name', type: 'text', maxlength: 100, placeholder: 'Claude connector' });
  const create = h('button', { type: 'button' }, 'Create an MCP key');
  const shown = h('div', { 'aria-live': 'polite' });
  const table = h('table', { class: 'grid', 'aria-label': 'MCP keys' });

  const serial = () => pick.value;
  const endpoint = () => `${location.origin}/mcp/${encodeURIComponent(serial())}`;
  const fail = (x: unknown) => {
    error.textContent = x instanceof ApiError ? x.message : errorText(x);
  };
  const describe = () => {
    state.textContent = !enable.checked
      ? 'Off: the URL answers 404 until you turn it on.'
      : requireKey.checked
        ? 'On, for assistants that send one of the keys below (Authorization: Bearer <key>).'
        : 'On and public, like the website chat: anyone with the URL can search your listings.';
  };

  /** The saved settings, as the chatbot has them now. */
  const readSettings = async () => {
    const record = await post<{ EnableMcp: boolean; McpRequireKey: boolean }>('/chat/Chatbot/Get', {
      serialNumber: serial(),
    });
    enable.checked = record.EnableMcp;
    requireKey.checked = record.McpRequireKey;
    describe();
  };

  const settings = h(
    'form',
    { class: 'settings', 'aria-labelledby': 'm-settings-title' },
    h('h2', { id: 'm-settings-title' }, 'Server'),
    h('div', { class: 'field' }, h('label', { for: 'm-EnableMcp' }, 'Publish as an MCP server'), enable),
    h('div', { class: 'field' }, h('label', { for: 'm-McpRequireKey' }, 'Require an MCP key'), requireKey),
    save,
    state,
    h('p', {}, "The URL to paste into the assistant's connector settings:"),
    h('p', {}, url, ' ', copyButton(endpoint, 'Copy the MCP server URL')),
  );
  settings.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    status.textContent = '';
    try {
      await post('/chat/Chatbot/Edit', {
        serialNumber: serial(),
        EnableMcp: enable.checked,
        McpRequireKey: requireKey.checked,
      });
      await readSettings();
      status.textContent = 'MCP settings saved.';
    } catch (x) {
      fail(x);
    }
  });
  enable.addEventListener('change', describe);
  requireKey.addEventListener('change', describe);

  const reveal = (key: string) => {
    shown.replaceChildren(
      h(
        'div',
        { class: 'card' },
        h('p', {}, 'New MCP key — copy it now, it is not shown again:'),
        h('code', { class: 'key', id: 'm-new-key' }, key),
        ' ',
        copyButton(() => key, 'Copy the new MCP key'),
      ),
    );
  };

  const keysTable = (keys: McpKey[]) =>
    table.replaceChildren(
      h(
        'thead',
        {},
        h('tr', {}, ...['Name', 'Starts with', 'Created', 'Revoked', ''].map((t) => h('th', { scope: 'col' }, t))),
      ),
      h(
        'tbody',
        {},
        ...keys.map((k) => {
          const revoke = h(
            'button',
            { type: 'button', 'aria-label': `Revoke MCP key ${k.Name} (${k.Prefix})` },
            'Revoke',
          );
          revoke.addEventListener('click', async () => {
            if (!confirm(`Revoke the MCP key ${k.Name} (${k.Prefix}…)? Assistants using it stop working at once.`))
              return;
            error.textContent = '';
            await post(`/console/api/chatbots/${encodeURIComponent(serial())}/mcp/keys/${k.ID}/revoke`).catch(fail);
            await loadKeys();
          });
          return h(
            'tr',
            {},
            h('td', {}, k.Name),
            h('td', {}, h('code', {}, `${k.Prefix}…`)),
            h('td', {}, when(k.CreatedAt)),
            h('td', {}, k.RevokedAt ? when(k.RevokedAt) : '—'),
            h('td', {}, k.RevokedAt ? '' : revoke),
          );
        }),
      ),
    );

  const loadKeys = async () => {
    try {
      keysTable(await get<McpKey[]>(`/console/api/chatbots/${encodeURIComponent(serial())}/mcp/keys`));
    } catch (x) {
      fail(x);
    }
  };

  create.addEventListener('click', async () => {
    error.textContent = '';
    try {
      const r = await post<{ Key: string }>(`/console/api/chatbots/${encodeURIComponent(serial())}/mcp/keys`, {
        Name: keyName.value,
      });
      keyName.value = '';
      reveal(r.Key);
      await loadKeys();
    } catch (x) {
      fail(x);
    }
  });

  const load = async () => {
    error.textContent = '';
    status.textContent = '';
    shown.replaceChildren();
    if (!serial()) return;
    url.textContent = endpoint();
    try {
      await readSettings();
    } catch (x) {
      fail(x);
    }
    await loadKeys();
  };
  pick.addEventListener('change', () => void load());

  const el = h(
    'section',
    { 'aria-labelledby': 'mcp-title' },
    h('h1', { id: 'mcp-title' }, 'Assistants (MCP)'),
    h(
      'p',
      { class: 'muted' },
      "Publish a chatbot's listings, knowledge and showing calendar to ChatGPT, Claude, Copilot and other " +
        'assistants as a Model Context Protocol server. Leads and showings booked there arrive like the website ' +
        "chat's, marked as coming from MCP.",
    ),
    h('div', { class: 'filters' }, field('m-bot', 'Chatbot', pick)),
    status,
    error,
    settings,
    h(
      'section',
      { 'aria-labelledby': 'm-keys-title' },
      h('h2', { id: 'm-keys-title' }, 'MCP keys'),
      h(
        'p',
        { class: 'muted' },
        'With "Require an MCP key", an assistant must send one of these. Each is shown once; revoking stops it at once.',
      ),
      h('div', { class: 'actions' }, field('m-key-name', 'Key name', keyName), create),
      shown,
      table,
    ),
  );
  return { el, refresh: load };
}
