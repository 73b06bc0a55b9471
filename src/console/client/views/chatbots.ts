// Chatbots: every setting of a chatbot, as a form drawn from the API's own Edit schema (read
// from /openapi.json), saved through /chat/Chatbot/Edit: the same validation and the same
// field-named messages as the API. As settings change, the preview beside it redraws the
// widget from them (checked by the same rules, not saved: /console/api/chatbots/preview).
import { ApiError, post } from '../api.ts';
import { field, h } from '../dom.ts';
import { availabilityEditor } from './availability.ts';
import { chatbotManager } from './chatbot-manage.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Prop {
  type?: string | string[];
  anyOf?: Prop[];
  enum?: (string | number)[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
  /** 'line': one line of text (Parlor's schema annotation). */
  'x-text'?: string;
}

/** The setting's own schema: Edit wraps each in "or null". */
function unwrap(p: Prop): Prop {
  const inner = p.anyOf?.find((x) => x.type !== 'null');
  if (inner) return unwrap(inner);
  return Array.isArray(p.type) ? { ...p, type: p.type.find((t) => t !== 'null') } : p;
}

async function editSchema(): Promise<Record<string, Prop>> {
  const doc = await fetch('/openapi.json', { credentials: 'same-origin' }).then((r) => r.json());
  const schema = doc.paths['/chat/Chatbot/Edit'].post.requestBody.content['application/json'].schema;
  const props = { ...(schema.properties as Record<string, Prop>) };
  delete props.serialNumber;
  return props;
}

type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function inputFor(name: string, p: Prop, value: unknown): Input {
  const id = `s-${name}`;
  const s = unwrap(p);
  if (s.enum) {
    const sel = h('select', { id, name });
    for (const v of s.enum) sel.append(h('option', { value: v, selected: v === value }, String(v)));
    return sel;
  }
  if (s.type === 'boolean') return h('input', { id, name, type: 'checkbox', checked: value === true });
  if (s.type === 'integer' || s.type === 'number')
    return h('input', {
      id,
      name,
      type: 'number',
      value: value as number,
      min: s.minimum,
      max: s.maximum,
      step: s.type === 'integer' ? 1 : 'any',
    });
  if (s.type === 'array') {
    const t = h('textarea', { id, name, rows: '2', 'data-json': 'true' });
    t.value = JSON.stringify(value ?? []);
    return t;
  }
  if ((s.maxLength ?? 0) > 300 && s['x-text'] !== 'line') {
    const t = h('textarea', { id, name, rows: '3', maxlength: s.maxLength });
    t.value = String(value ?? '');
    return t;
  }
  return h('input', { id, name, type: 'text', value: String(value ?? ''), maxlength: s.maxLength });
}

function inputValue(input: Input): unknown {
  if (input instanceof HTMLInputElement && input.type === 'checkbox') return input.checked;
  if (input instanceof HTMLInputElement && input.type === 'number')
    return input.value === '' ? null : Number(input.value);
  if (input.getAttribute('data-json')) {
    try {
      return JSON.parse(input.value);
    } catch {
      return input.value;
    }
  }
  return input.value;
}

export function chatbotsView(ctx: ViewContext): View {
  const pick = h('select', { id: 'c-bot' });
  for (const b of ctx.me.Chatbots) pick.append(h('option', { value: b.SerialNumber }, b.Name));
  const form = h('form', { class: 'settings', 'aria-label': 'Settings' });
  const status = h('p', { role: 'status' });
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
  const hours = availabilityEditor();
  let inputs = new Map<string, Input>();
  let original = new Map<string, string>();

  const load = async () => {
    error.textContent = '';
    status.textContent = '';
    manager.sync();
    const serial = pick.value;
    if (!serial) {
      form.replaceChildren();
      return;
    }
    try {
      const [props, record] = await Promise.all([
        editSchema(),
        post<Record<string, unknown>>('/chat/Chatbot/Get', { serialNumber: serial }),
      ]);
      inputs = new Map();
      original = new Map();
      const rows = Object.entries(props).map(([name, p]) => {
        const input = inputFor(name, p, record[name]);
        inputs.set(name, input);
        original.set(name, JSON.stringify(inputValue(input)));
        const desc = unwrap(p).description;
        const help = desc ? h('small', { id: `s-${name}-help` }, desc) : null;
        if (help) input.setAttribute('aria-describedby', `s-${name}-help s-${name}-err`);
        else input.setAttribute('aria-describedby', `s-${name}-err`);
        return h(
          'div',
          { class: 'field' },
          h('label', { for: `s-${name}` }, name),
          input,
          help,
          h('span', { class: 'error', id: `s-${name}-err` }),
        );
      });
      form.replaceChildren(...rows, h('button', { type: 'submit' }, 'Save'));
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
  const showFieldError = (message: string) => {
    // The API names the field first ("WelcomeMessage: must be …").
    const name = message.split(':')[0]?.trim() ?? '';
    const span = form.querySelector(`#s-${CSS.escape(name)}-err`);
    if (span) span.textContent = message;
    return name;
  };
  const clearFieldErrors = () =>
    form.querySelectorAll('span.error').forEach((span) => {
      span.textContent = '';
    });
  const updatePreview = async () => {
    try {
      const config = await post('/console/api/chatbots/preview', changesOf());
      clearFieldErrors();
      showPreview(config);
    } catch (x) {
      clearFieldErrors();
      showFieldError(x instanceof ApiError ? x.message : errorText(x));
    }
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
    clearFieldErrors();
    const changes = changesOf();
    try {
      await post('/chat/Chatbot/Edit', changes);
      await load();
      status.textContent = `Saved ${Object.keys(changes).length - 1} setting(s).`;
    } catch (x) {
      const message = x instanceof ApiError ? x.message : errorText(x);
      error.textContent = message;
      inputs.get(showFieldError(message))?.focus();
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
    status,
    error,
    h('div', { class: 'split' }, form, h('div', { class: 'sticky' }, h('h2', {}, 'Preview'), preview)),
    hours.el,
  );
  return {
    el,
    refresh: load,
    dispose: () => window.removeEventListener('message', onMessage),
  };
}
