// The talk-to-human form: name, e-mail, phone, message and the qualification choices the
// chatbot asks (QualifyQuestions; lead-choices.ts) → a lead; the chatbot's
// TalkToHumanResponseMessage comes back to show.
import { h } from './dom.ts';
import { type LeadQualification, leadChoices } from './lead-choices.ts';

export interface LeadInput extends LeadQualification {
  Name: string;
  Email: string;
  Phone: string;
  Message: string;
}

export interface LeadForm {
  el: HTMLFormElement;
  open(): void;
  close(): void;
}

function field(label: string, input: HTMLInputElement | HTMLTextAreaElement): HTMLLabelElement {
  return h('label', {}, label, input);
}

export function leadForm(
  submit: (lead: LeadInput) => Promise<void>,
  onClose: () => void,
  qualifyFields: readonly string[] = [],
): LeadForm {
  const choices = leadChoices(qualifyFields);
  const name = h('input', { name: 'name', autocomplete: 'name', required: true, maxlength: '200' });
  const email = h('input', { name: 'email', type: 'email', autocomplete: 'email', maxlength: '254' });
  const phone = h('input', { name: 'phone', type: 'tel', autocomplete: 'tel', maxlength: '50' });
  const message = h('textarea', { name: 'message', rows: '2', maxlength: '5000' });
  const err = h('div', { class: 'err', role: 'alert' });
  // A message about a field goes as soon as the visitor changes a field.
  for (const input of [name, email, phone, message]) input.addEventListener('input', () => (err.textContent = ''));
  const cancel = h('button', { type: 'button' }, 'Cancel');
  const send = h('button', { type: 'submit' }, 'Send');
  const el = h(
    'form',
    { class: 'lead', hidden: true, 'aria-labelledby': 'parlor-lead-title' },
    h('h3', { id: 'parlor-lead-title' }, 'Talk to a person'),
    h('p', { class: 'hint' }, 'Leave an email or a phone number and someone from our team will reply here.'),
    field('Name', name),
    field('Email', email),
    field('Phone', phone),
    field('Message', message),
    ...choices.els,
    err,
    h('div', { class: 'row' }, cancel, send),
  );
  const close = () => {
    el.hidden = true;
    onClose();
  };
  cancel.addEventListener('click', close);
  // Escape leaves the form, not the chat: the panel's own Escape handler does not see it.
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  });
  el.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = '';
    if (!email.value.trim() && !phone.value.trim()) {
      err.textContent = 'Please give an email or a phone number.';
      return;
    }
    send.disabled = true;
    try {
      await submit({
        Name: name.value.trim(),
        Email: email.value.trim(),
        Phone: phone.value.trim(),
        Message: message.value,
        ...choices.value(),
      });
      el.reset();
      close();
    } catch (x) {
      err.textContent = x instanceof Error ? x.message : String(x);
    } finally {
      send.disabled = false;
    }
  });
  return {
    el,
    open() {
      el.hidden = false;
      name.focus();
    },
    close,
  };
}
