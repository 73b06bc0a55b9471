// Forms whose errors show at the field they name: the API answers "NewPassword: must be at
// least 10 characters", and the message goes under the field called NewPassword.
import { ApiError } from '../api.ts';
import { h } from '../dom.ts';
import { errorText } from './view.ts';

export interface FieldSpec {
  name: string;
  label: string;
  type?: string;
  autocomplete?: string;
  hint?: string;
  options?: [string, string][];
}

export interface FieldForm {
  el: HTMLFormElement;
  values(): Record<string, string>;
  inputs: Map<string, HTMLInputElement | HTMLSelectElement>;
  status: HTMLElement;
}

/** A form of labelled fields; `submit` posts the values, and an error lands at its field. */
export function fieldForm(
  id: string,
  title: string,
  specs: FieldSpec[],
  button: string,
  submit: (values: Record<string, string>) => Promise<string>,
): FieldForm {
  const inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  const errors = new Map<string, HTMLElement>();
  const status = h('p', { role: 'status', class: 'form-status' });
  const general = h('p', { class: 'error', role: 'alert' });
  const rows = specs.map((s) => {
    const inputId = `${id}-${s.name}`;
    const err = h('span', { class: 'error', id: `${inputId}-err` });
    const hint = s.hint ? h('small', { id: `${inputId}-hint` }, s.hint) : null;
    const describedBy = [hint ? `${inputId}-hint` : '', `${inputId}-err`].filter(Boolean).join(' ');
    let input: HTMLInputElement | HTMLSelectElement;
    if (s.options) {
      input = h('select', { id: inputId, name: s.name, 'aria-describedby': describedBy });
      for (const [value, label] of s.options) input.append(h('option', { value }, label));
    } else {
      input = h('input', {
        id: inputId,
        name: s.name,
        type: s.type ?? 'text',
        autocomplete: s.autocomplete,
        'aria-describedby': describedBy,
      });
    }
    inputs.set(s.name, input);
    errors.set(s.name, err);
    return h('div', { class: 'field' }, h('label', { for: inputId }, s.label), input, hint, err);
  });
  const submitButton = h('button', { type: 'submit' }, button);
  const el = h(
    'form',
    { class: 'card settings', 'aria-labelledby': `${id}-title`, novalidate: true },
    h('h2', { id: `${id}-title` }, title),
    ...rows,
    general,
    h('div', { class: 'actions' }, submitButton, status),
  );
  const values = () => Object.fromEntries([...inputs].map(([k, v]) => [k, v.value]));
  el.addEventListener('submit', async (e) => {
    e.preventDefault();
    status.textContent = '';
    general.textContent = '';
    for (const span of errors.values()) span.textContent = '';
    for (const input of inputs.values()) input.removeAttribute('aria-invalid');
    submitButton.disabled = true;
    try {
      status.textContent = await submit(values());
    } catch (x) {
      const message = x instanceof ApiError ? x.message : errorText(x);
      const name = message.split(':')[0]?.trim() ?? '';
      const span = errors.get(name);
      const input = inputs.get(name);
      if (span && input) {
        span.textContent = message.slice(name.length + 1).trim();
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      } else general.textContent = message;
    } finally {
      submitButton.disabled = false;
    }
  });
  return { el, values, inputs, status };
}
