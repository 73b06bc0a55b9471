// A colour setting: the text field the API takes (rgb(r,g,b) or #rrggbb), a colour picker kept
// in step with it, and a warning under both when white text on the colour would be hard to
// read, with a darker shade of the same colour that reads well and a button to use it.
import { h } from '../dom.ts';
import { accessibleShade, contrastWithWhite, MIN_CONTRAST, parseColour, toHex } from './colour.ts';

/** The picker and the warning for `input` (the setting's own text field). */
export function colourExtras(input: HTMLInputElement, label: string): HTMLElement {
  const id = input.id;
  const picker = h('input', { type: 'color', id: `${id}-picker`, 'aria-label': `${label}: pick a colour` });
  const warning = h('p', { class: 'warning', id: `${id}-contrast`, role: 'status' });
  const useShade = h('button', { type: 'button', class: 'secondary', hidden: true });
  let suggested = '';

  const check = () => {
    const c = parseColour(input.value);
    useShade.hidden = true;
    warning.textContent = '';
    if (!c) return;
    picker.value = toHex(c);
    const ratio = contrastWithWhite(c);
    if (ratio >= MIN_CONTRAST) return;
    const shade = accessibleShade(c);
    suggested = toHex(shade);
    warning.textContent =
      `White text on this colour is hard to read: its contrast is ${ratio.toFixed(2)}:1, and at least ` +
      `${MIN_CONTRAST}:1 is needed. ${suggested} is the same colour, dark enough ` +
      `(${contrastWithWhite(shade).toFixed(2)}:1).`;
    useShade.textContent = `Use ${suggested}`;
    useShade.hidden = false;
  };
  picker.addEventListener('input', () => {
    input.value = picker.value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  input.addEventListener('input', check);
  useShade.addEventListener('click', () => {
    input.value = suggested;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
  });
  input.setAttribute('aria-describedby', `${input.getAttribute('aria-describedby') ?? ''} ${id}-contrast`.trim());
  check();
  return h('div', { class: 'colour-extras' }, picker, warning, useShade);
}
