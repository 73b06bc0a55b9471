// Thumbs under an answer (RateAnswer): up, or down with an optional reason (three common ones
// and the visitor's own words). Rating again changes it; the choice is kept with the line.
import type { Api } from './api.ts';
import { h } from './dom.ts';

export type Rated = 'up' | 'down';

const REASONS = ['Wrong', 'Not what I asked', 'Out of date'];

/** A thumb whose name is its words (the emoji is decoration to a screen reader). */
function thumb(icon: string, name: string) {
  return h(
    'button',
    { type: 'button', class: 'thumb', title: name, 'aria-pressed': 'false' },
    h('span', { 'aria-hidden': 'true' }, icon),
    h('span', { class: 'vh' }, name),
  );
}

export function ratingBar(api: Api, answerId: number, rated: Rated | undefined, onRated: (r: Rated) => void) {
  const up = thumb('👍', 'Helpful');
  const down = thumb('👎', 'Not helpful');
  const status = h('span', { class: 'rate-status', role: 'status' });
  const bar = h('li', { class: 'rate' }, up, down, status);
  const mark = (r: Rated) => {
    up.setAttribute('aria-pressed', String(r === 'up'));
    down.setAttribute('aria-pressed', String(r === 'down'));
  };
  if (rated) mark(rated);
  const send = async (r: Rated, reason: string) => {
    try {
      await api.rateAnswer(answerId, r, reason);
      mark(r);
      onRated(r);
      status.textContent = 'Thanks for the feedback';
      return true;
    } catch {
      status.textContent = 'Could not send that; please try again';
      return false;
    }
  };
  up.addEventListener('click', () => {
    bar.querySelector('.why')?.remove();
    void send('up', '');
  });
  down.addEventListener('click', () => {
    if (bar.querySelector('.why')) return;
    const own = h('input', {
      type: 'text',
      maxlength: '500',
      placeholder: 'Or say what was wrong',
      'aria-label': 'What was wrong',
    });
    const form = h('form', { class: 'why' });
    for (const r of REASONS) {
      const chip = h('button', { type: 'button', class: 'chip' }, r);
      chip.addEventListener('click', async () => {
        if (await send('down', r.toLowerCase())) form.remove();
      });
      form.append(chip);
    }
    form.append(own, h('button', { type: 'submit', class: 'chip' }, 'Send'));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (await send('down', own.value.trim())) form.remove();
    });
    bar.append(form);
    own.focus();
  });
  return bar;
}
