// The Keys page's CRM part (docs/crm.md): the owner connects Follow Up Boss (API key, system
// name and key; the keys are write-only and shown masked) or disconnects it, and sees how the
// newest lead's event was delivered.
import { get, post } from '../api.ts';
import { field, h, when } from '../dom.ts';
import { errorText } from './view.ts';

interface Delivery {
  Status: string;
  Detail: string;
  QueuedAt: string;
  SentAt: string | null;
}

interface Crm {
  Provider: string;
  ApiKey: string;
  SystemName: string;
  SystemKey: string;
  UpdatedAt: string | null;
  LastDelivery: Delivery | null;
}

const STATUS: Record<string, string> = {
  queued: 'queued, not sent yet',
  retrying: 'being retried',
  sent: 'sent',
  archived: 'sent, but Follow Up Boss archived it',
  failed: 'failed',
  dropped: 'dropped',
};

function deliveryText(d: Delivery | null): string {
  if (!d) return 'No lead has been sent to the CRM yet.';
  const at = d.SentAt ? when(d.SentAt) : when(d.QueuedAt);
  return `Last lead (${at}): ${STATUS[d.Status] ?? d.Status}${d.Detail ? ` — ${d.Detail}` : ''}`;
}

export function crmForm(): { el: HTMLElement; refresh(): Promise<void> } {
  const apiKey = h('input', { id: 'crm-key', type: 'password', autocomplete: 'off', maxlength: '200' });
  const systemName = h('input', { id: 'crm-system', maxlength: '100', placeholder: 'Parlor' });
  const systemKey = h('input', { id: 'crm-system-key', type: 'password', autocomplete: 'off', maxlength: '200' });
  const state = h('p', { 'aria-live': 'polite' });
  const delivery = h('p', { class: 'crm-delivery' });
  const error = h('p', { class: 'error', role: 'alert' });
  const save = h('button', { type: 'submit' }, 'Connect Follow Up Boss');
  const disconnect = h('button', { type: 'button' }, 'Disconnect');
  const show = (c: Crm) => {
    state.textContent = c.Provider
      ? `Connected to Follow Up Boss as ${c.SystemName}, API key ${c.ApiKey}.`
      : 'No CRM connected: leads reach you by e-mail and webhooks only.';
    systemName.value = c.SystemName;
    disconnect.hidden = !c.Provider;
    delivery.textContent = deliveryText(c.LastDelivery);
  };
  const send = async (body: Record<string, string>) => {
    error.textContent = '';
    try {
      show(await post<Crm>('/console/api/crm', body));
      apiKey.value = '';
      systemKey.value = '';
    } catch (x) {
      error.textContent = errorText(x);
    }
  };
  const form = h(
    'form',
    { 'aria-labelledby': 'crm-title', class: 'crm' },
    h('h2', { id: 'crm-title' }, 'CRM: Follow Up Boss'),
    h(
      'p',
      { class: 'muted' },
      'Each new lead and showing is sent to Follow Up Boss as an event. The API key is in Follow Up Boss under ' +
        'Admin → API; keys are never shown again, only their last characters.',
    ),
    state,
    field('crm-key', 'API key', apiKey),
    field('crm-system', 'System name', systemName),
    field('crm-system-key', 'System key', systemKey),
    h('div', { class: 'actions' }, save, disconnect),
    error,
    delivery,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void send({
      Provider: 'FollowUpBoss',
      ApiKey: apiKey.value,
      SystemName: systemName.value,
      SystemKey: systemKey.value,
    });
  });
  disconnect.addEventListener('click', () => {
    if (confirm('Disconnect Follow Up Boss? New leads are no longer sent to it.')) void send({ Provider: 'None' });
  });
  return {
    el: form,
    async refresh() {
      try {
        show(await get<Crm>('/console/api/crm'));
      } catch (x) {
        error.textContent = errorText(x);
      }
    },
  };
}
