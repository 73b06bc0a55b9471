// One chatbot setting as a form row: the input its schema calls for (read from Edit's own schema
// in /openapi.json), its plain-word label and help, a colour picker with a contrast check for
// colours, an upload for images, and the place its error is shown.
import { h } from '../dom.ts';
import { colourExtras } from './colour-field.ts';
import { imageExtras } from './image-field.ts';
import type { SettingText } from './setting-groups.ts';

export interface Prop {
  type?: string | string[];
  anyOf?: Prop[];
  enum?: (string | number)[];
  items?: Prop;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
  /** 'line': one line of text (Parlor's schema annotation). */
  'x-text'?: string;
}

export type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A model the chatbot may use (ModelList). */
export interface Model {
  Key: string;
  Value: string;
  Status: boolean;
}

const COLOURS = new Set(['ChatBubbleColor', 'UserMessageColor']);
const IMAGES = new Set(['ChatProfilePicture', 'ChatIcon']);

/** The setting's own schema: Edit wraps each in "or null". */
export function unwrap(p: Prop): Prop {
  const inner = p.anyOf?.find((x) => x.type !== 'null');
  if (inner) return unwrap(inner);
  return Array.isArray(p.type) ? { ...p, type: p.type.find((t) => t !== 'null') } : p;
}

function select(id: string, name: string, options: [string, string][], value: unknown): HTMLSelectElement {
  const sel = h('select', { id, name });
  const current = String(value ?? '');
  if (!options.some(([v]) => v === current)) options.unshift([current, current]);
  for (const [v, text] of options) sel.append(h('option', { value: v, selected: v === current }, text));
  return sel;
}

function inputFor(name: string, p: Prop, value: unknown, text: SettingText, models: Model[]): Input {
  const id = `s-${name}`;
  const s = unwrap(p);
  if (name === 'Model' && models.length > 0) {
    return select(
      id,
      name,
      models.map((m) => [m.Key, m.Status ? m.Value : `${m.Value} (not reachable now)`]),
      value,
    );
  }
  if (s.enum) {
    // null (the default) is a value of the API's, not a choice.
    const values = s.enum.filter((v) => v !== null);
    const sel = select(
      id,
      name,
      values.map((v) => [String(v), text.choices?.[String(v)] ?? String(v)]),
      value,
    );
    if (values.every((v) => typeof v === 'number')) sel.setAttribute('data-number', 'true');
    return sel;
  }
  if (IMAGES.has(name)) return h('input', { id, name, type: 'hidden', value: String(value ?? '') });
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
    // A list of names: one per line.
    const t = h('textarea', { id, name, rows: '3', 'data-lines': 'true' });
    t.value = Array.isArray(value) ? value.join('\n') : '';
    return t;
  }
  if ((s.maxLength ?? 0) > 300 && s['x-text'] !== 'line') {
    const t = h('textarea', { id, name, rows: '3', maxlength: s.maxLength });
    t.value = String(value ?? '');
    return t;
  }
  return h('input', { id, name, type: 'text', value: String(value ?? ''), maxlength: s.maxLength });
}

export function inputValue(input: Input): unknown {
  if (input instanceof HTMLInputElement && input.type === 'checkbox') return input.checked;
  if (input instanceof HTMLInputElement && input.type === 'number')
    return input.value === '' ? null : Number(input.value);
  if (input.getAttribute('data-number')) return Number(input.value);
  if (input.getAttribute('data-lines'))
    return input.value
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  return input.value;
}

/** The form row of one setting, and its input. */
export function settingRow(p: Prop, value: unknown, text: SettingText, models: Model[]) {
  const { name } = text;
  const id = `s-${name}`;
  const input = inputFor(name, p, value, text, models);
  let help = text.help;
  const s = unwrap(p);
  if (s.type === 'array' && s.items?.enum)
    help = `${help ?? ''} One per line, from: ${s.items.enum.join(', ')}.`.trim();
  const helpEl = help ? h('small', { id: `${id}-help` }, help) : null;
  const error = h('span', { class: 'error', id: `${id}-err` });
  input.setAttribute('aria-describedby', help ? `${id}-help ${id}-err` : `${id}-err`);
  if (input instanceof HTMLInputElement && input.type === 'hidden') {
    return { input, el: h('div', { class: 'field' }, input, imageExtras(input, text.label), helpEl, error) };
  }
  if (input instanceof HTMLInputElement && input.type === 'checkbox') {
    const row = h('div', { class: 'field check' }, input, h('label', { for: id }, text.label));
    return { input, el: h('div', {}, row, helpEl, error) };
  }
  const extras = COLOURS.has(name) && input instanceof HTMLInputElement ? colourExtras(input, text.label) : null;
  return { input, el: h('div', { class: 'field' }, h('label', { for: id }, text.label), input, extras, helpEl, error) };
}
