// Chatbots: every setting of a chatbot, grouped and named in plain words (setting-groups.ts),
// each input drawn from the API's own Edit schema (read from /openapi.json) and saved through
// /chat/Chatbot/Edit: the same validation as the API, its message shown at the field. As
// settings change, the preview beside it redraws the widget from them (checked by the same
// rules, not saved: /console/api/chatbots/preview).
import { ApiError, get, post } from '../api.ts';
import { field, h } from '../dom.ts';
import { availabilityEditor } from './availability.ts';
import { chatbotManager } from './chatbot-manage.ts';
import { SETTING_GROUPS, type SettingGroup } from './setting-groups.ts';
import { type Input, inputValue, type Model, type Prop, settingRow, unwrap } from './setting-inputs.ts';
import { errorText, type View, type ViewContext } from './view.ts';

async function editSchema(): Promise<Record<string, Prop>> {
  const doc = await fetch('/openapi.json', { credentials: 'same-origin' }).then((r) => r.json());
  const schema = doc.paths['/chat/Chatbot/Edit'].post.requestBody.content['application/json'].schema;
  const props = { ...(schema.properties as Record<string, Prop>) };
  delete props.serialNumber;
  return props;
}

/** The models to choose from; none (a free text field) when the list cannot be read. */
const modelList = () => get<Model[]>('/chat/Chatbot/ModelList').catch(() => [] as Model[]);

/** The settings in their groups, then any the groups do not name, by their API names. */
function groupsOf(props: Record<string, Prop>): SettingGroup[] {
  const named = new Set(SETTING_GROUPS.flatMap((g) => g.settings.map((s) => s.name)));
  const groups = SETTING_GROUPS.map((g) => ({ ...g, settings: g.settings.filter((s) => s.name in props) }));
  const others = Object.keys(props)
    .filter((name) => !named.has(name))
    .map((name) => ({ name, label: name, help: unwrap(props[name]).description }));
  if (others.length > 0) groups.push({ id: 'other', title: 'Other settings', settings: others });
  return groups.filter((g) => g.settings.length > 0);
}

export function chatbotsView(ctx: ViewContext): View {
  const pick = h('select', { id: 'c-bot' });
  for (const b of ctx.me.Chatbots) pick.append(h('option', { value: b.SerialNumber }, b.Name));
  const form = h('form', { class: 'settings', 'aria-label': 'Settings' });
  // Feedback next to the Save button, which stays in view at the bottom of the form.
  const status = h('span', { role: 'status', class: 'saved' });
  const saveError = h('span', { class: 'error', role: 'alert' });
  const error = h('p', { class: 'error', role: 'alert' });
  const preview = h('iframe', { title: 'Widget preview', class: 'widget-preview', src: '/console/preview' });
  let previewReady = false;
  let lastConfig: unknown = null;
  const showPreview = (config: unknown) => {
    lastConfig = config;
    if (previewReady) preview.contentWindow?.postMessage({ type: 'parlor-preview', config }, location.origin);
  };
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== location.origin || e.source !== preview.contentWindow) return;
    if ((e.data as { type?: string })?.type !== 'parlor-preview-ready') return;
    previewReady = true;
    if (lastConfig) showPreview(lastConfig);
  };
  window.addEventListener('message', onMessage);
  const live = h('a', { target: '_blank', rel: 'noopener' }, 'open the live widget');
  const hours = availabilityEditor();
  let inputs = new Map<string, Input>();
  let original = new Map<string, string>();
  let labels = new Map<string, string>();

  const load = async () => {
    error.textContent = '';
    status.textContent = '';
    manager.sync();
    const serial = pick.value;
    live.setAttribute('href', `/demo?chatbot=${encodeURIComponent(serial)}`);
    if (!serial) {
      form.replaceChildren();
      return;
    }
    try {
      const [props, record, models] = await Promise.all([
        editSchema(),
        post<Record<string, unknown>>('/chat/Chatbot/Get', { serialNumber: serial }),
        modelList(),
      ]);
      inputs = new Map();
      original = new Map();
      labels = new Map();
      const groups = groupsOf(props).map((g) => {
        const rows = g.settings.map((text) => {
          const row = settingRow(props[text.name], record[text.name], text, models);
          inputs.set(text.name, row.input);
          labels.set(text.name, text.label);
          original.set(text.name, JSON.stringify(inputValue(row.input)));
          return row.el;
        });
        return h('fieldset', { class: 'group', id: `g-${g.id}` }, h('legend', {}, g.title), ...rows);
      });
      form.replaceChildren(
        ...groups,
        h('div', { class: 'savebar' }, h('button', { type: 'submit' }, 'Save'), status, saveError),
      );
      await Promise.all([updatePreview(), hours.load(serial)]);
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  /** The settings that differ from the saved ones. */
  const changesOf = () => {
    const changes: Record<string, unknown> = { serialNumber: pick.value };
    for (const [name, input] of inputs) {
      const v = inputValue(input);
      if (JSON.stringify(v) !== original.get(name)) changes[name] = v;
    }
    return changes;
  };
  /** The API names the field first ("WelcomeMessage: must be …"): the field's label replaces it. */
  const showFieldError = (message: string) => {
    const name = message.split(':')[0]?.trim() ?? '';
    const label = labels.get(name);
    const text = label ? `${label}:${message.slice(message.indexOf(':') + 1)}` : message;
    const span = form.querySelector(`#s-${CSS.escape(name)}-err`);
    if (span) span.textContent = text;
    return { name, text };
  };
  const clearFieldErrors = () =>
    form.querySelectorAll('span.error').forEach((span) => {
      span.textContent = '';
    });
  /**
   * Redraws the preview from the unsaved settings. The API names one refused setting at a time:
   * each is flagged at its field and left out, and the preview is drawn from the rest.
   */
  const updatePreview = async () => {
    const changes = changesOf();
    const refused: string[] = [];
    for (let tries = 0; tries <= inputs.size; tries++) {
      try {
        const config = await post('/console/api/chatbots/preview', changes);
        clearFieldErrors();
        for (const message of refused) showFieldError(message);
        showPreview(config);
        return;
      } catch (x) {
        const message = x instanceof ApiError ? x.message : errorText(x);
        const name = message.split(':')[0]?.trim() ?? '';
        refused.push(message);
        if (!(x instanceof ApiError) || !(name in changes) || name === 'serialNumber') break;
        delete changes[name];
      }
    }
    clearFieldErrors();
    for (const message of refused) showFieldError(message);
  };
  let timer: number | undefined;
  form.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void updatePreview(), 300);
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    status.textContent = '';
    saveError.textContent = '';
    clearFieldErrors();
    const changes = changesOf();
    const count = Object.keys(changes).length - 1;
    try {
      await post('/chat/Chatbot/Edit', changes);
      await load();
      status.textContent = count === 0 ? 'Nothing to save.' : `Saved ${count} setting${count === 1 ? '' : 's'}.`;
    } catch (x) {
      const { name, text } = showFieldError(x instanceof ApiError ? x.message : errorText(x));
      saveError.textContent = `Not saved. ${text}`;
      inputs.get(name)?.focus();
    }
  });
  pick.addEventListener('change', () => void load());
  const manager = chatbotManager(ctx, pick, load);

  const el = h(
    'section',
    { 'aria-labelledby': 'bots-title' },
    h('h1', { id: 'bots-title' }, 'Chatbots'),
    h('div', { class: 'filters' }, field('c-bot', 'Chatbot', pick)),
    manager.el,
    error,
    h(
      'div',
      { class: 'split' },
      form,
      h(
        'div',
        { class: 'sticky' },
        h('h2', {}, 'Preview'),
        h('p', { class: 'muted' }, 'Your settings as visitors will see them, before you save. To chat, ', live, '.'),
        preview,
      ),
    ),
    hours.el,
  );
  return {
    el,
    refresh: load,
    dispose: () => window.removeEventListener('message', onMessage),
  };
}
