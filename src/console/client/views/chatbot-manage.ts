// The chatbots page's list controls: a new chatbot (name and time zone), renaming the chosen
// one, and deleting it once the owner confirms, through the API's Chatbot/Add, Edit and Remove.
import { ApiError, post } from '../api.ts';
import { h } from '../dom.ts';
import { errorText, type ViewContext } from './view.ts';

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}

/** `pick` lists the chatbots; `reload` redraws the settings of the one chosen. */
export function chatbotManager(ctx: ViewContext, pick: HTMLSelectElement, reload: () => Promise<void>) {
  const status = h('p', { role: 'status' });
  const error = h('p', { class: 'error', role: 'alert' });
  const redrawPick = (chosen: string) => {
    pick.replaceChildren(
      ...ctx.me.Chatbots.map((b) =>
        h('option', { value: b.SerialNumber, selected: b.SerialNumber === chosen }, b.Name),
      ),
    );
  };
  const run = async (fn: () => Promise<string>) => {
    status.textContent = '';
    error.textContent = '';
    try {
      status.textContent = await fn();
    } catch (x) {
      error.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  };

  const newName = h('input', { id: 'cb-new-name', type: 'text', maxlength: 100, autocomplete: 'off' });
  const newZone = h('select', { id: 'cb-new-zone' });
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const z of zones()) newZone.append(h('option', { value: z, selected: z === here }, z));
  const create = h(
    'form',
    { class: 'filters', 'aria-label': 'New chatbot' },
    h('div', { class: 'field' }, h('label', { for: 'cb-new-name' }, 'New chatbot name'), newName),
    h('div', { class: 'field' }, h('label', { for: 'cb-new-zone' }, 'Time zone'), newZone),
    h('button', { type: 'submit' }, 'Create chatbot'),
  );
  create.addEventListener('submit', (e) => {
    e.preventDefault();
    void run(async () => {
      const name = newName.value.trim();
      if (!name) throw new Error('Name: give the new chatbot a name');
      const serial = await post<string>('/chat/Chatbot/Add', { timeZone: newZone.value, type: 0, Name: name });
      ctx.me.Chatbots.push({ SerialNumber: serial, Name: name });
      redrawPick(serial);
      newName.value = '';
      await reload();
      return `Chatbot "${name}" created.`;
    });
  });

  const rename = h('input', { id: 'cb-rename', type: 'text', maxlength: 100, autocomplete: 'off' });
  const renameForm = h(
    'form',
    { class: 'filters', 'aria-label': 'Rename chatbot' },
    h('div', { class: 'field' }, h('label', { for: 'cb-rename' }, 'Name of this chatbot'), rename),
    h('button', { type: 'submit' }, 'Rename'),
  );
  renameForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void run(async () => {
      const serial = pick.value;
      await post('/chat/Chatbot/Edit', { serialNumber: serial, Name: rename.value });
      const bot = ctx.me.Chatbots.find((b) => b.SerialNumber === serial);
      if (bot) bot.Name = rename.value.trim();
      redrawPick(serial);
      await reload();
      return `Renamed to "${rename.value.trim()}".`;
    });
  });

  const remove = h('button', { type: 'button', class: 'danger' }, 'Delete this chatbot');
  remove.addEventListener('click', () => {
    const bot = ctx.me.Chatbots.find((b) => b.SerialNumber === pick.value);
    if (!bot) return;
    const sure = window.confirm(
      `Delete "${bot.Name}"? Its settings, listings, knowledge and every conversation go with it, and its ` +
        'chat stops working on your website. This cannot be undone.',
    );
    if (!sure) return;
    void run(async () => {
      await post('/chat/Chatbot/Remove', { serialNumber: bot.SerialNumber });
      ctx.me.Chatbots.splice(ctx.me.Chatbots.indexOf(bot), 1);
      redrawPick(ctx.me.Chatbots[0]?.SerialNumber ?? '');
      await reload();
      return `Chatbot "${bot.Name}" deleted.`;
    });
  });

  const el = h(
    'div',
    { class: 'card' },
    h('h2', {}, 'Your chatbots'),
    status,
    error,
    renameForm,
    h('div', { class: 'actions' }, remove),
    create,
  );
  /** Shows the chosen chatbot's name in the rename field. */
  const sync = () => {
    rename.value = ctx.me.Chatbots.find((b) => b.SerialNumber === pick.value)?.Name ?? '';
    remove.disabled = !pick.value;
  };
  return { el, sync };
}
