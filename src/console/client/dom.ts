// A tiny element builder: h('button', {type: 'button'}, 'Send'). Attributes set to false or
// undefined are left out; children are nodes or text (never parsed as HTML).
type Attrs = Record<string, string | number | boolean | undefined | null>;
type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === undefined || v === null) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children)
    if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

/** A labelled form field: the label names the input by its ID (`for`). */
export function field(id: string, label: string, input: HTMLElement): HTMLDivElement {
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

export function on<K extends keyof HTMLElementEventMap>(
  el: HTMLElement,
  type: K,
  fn: (e: HTMLElementEventMap[K]) => void,
): HTMLElement {
  el.addEventListener(type, fn);
  return el;
}

export function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
