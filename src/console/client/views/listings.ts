// Listings: a table with the API's filters and sorting (RealEstateList), prices, statuses and
// sorts in plain words; the Add/Edit form (listing-form.ts); import of a file (listings-import.ts);
// delete of one listing, of the ones selected, or of every listing the filters match (confirmed,
// through RealEstateDelete).
import { post } from '../api.ts';
import { field, h } from '../dom.ts';
import { type ListingRecord, listingForm } from './listing-form.ts';
import { addListingStyles, priceWords, SALE_TYPES, SORTS, STATUSES, statusWords } from './listing-words.ts';
import { importPanel } from './listings-import.ts';
import { errorText, type View, type ViewContext } from './view.ts';

const PAGE = 50;
/** RealEstateList's largest page: what one step of "delete all matching" reads and deletes. */
const DELETE_PAGE = 100;

export function listingsView(ctx: ViewContext): View {
  addListingStyles();
  const bot = h('select', { id: 'li-bot' });
  for (const b of ctx.me.Chatbots) bot.append(h('option', { value: b.SerialNumber }, b.Name));
  const city = h('input', { id: 'li-city', type: 'text', maxlength: '200' });
  const minPrice = h('input', { id: 'li-min', type: 'number', min: '0' });
  const maxPrice = h('input', { id: 'li-max', type: 'number', min: '0' });
  const saleType = h('select', { id: 'li-sale' }, h('option', { value: '' }, 'Any'));
  for (const [value, label] of SALE_TYPES) saleType.append(h('option', { value }, label));
  const statusFilter = h('select', { id: 'li-status' }, h('option', { value: '' }, 'Any'));
  for (const [value, label] of STATUSES) statusFilter.append(h('option', { value }, label));
  const beds = h('input', { id: 'li-beds', type: 'number', min: '0', max: '1000' });
  const mls = h('input', { id: 'li-mls', type: 'text', maxlength: '64' });
  const sort = h('select', { id: 'li-sort' }, h('option', { value: '' }, 'Default'));
  for (const [value, label] of SORTS) sort.append(h('option', { value }, label));
  const table = h('table', { class: 'grid' });
  const error = h('p', { class: 'error', role: 'alert' });
  const total = h('p', { class: 'muted', 'aria-live': 'polite' });
  const bulkNote = h('span', { role: 'status' });
  const selectAll = h('input', { type: 'checkbox', id: 'li-all', 'aria-label': 'Select every listing shown' });
  const deleteSelected = h('button', { type: 'button', class: 'danger', disabled: true }, 'Delete selected');
  const deleteMatching = h('button', { type: 'button', class: 'danger', disabled: true }, 'Delete all matching');
  const addButton = h('button', { type: 'button' }, 'Add a listing');
  const selected = new Set<number>();
  let matching = 0;
  let shown: ListingRecord[] = [];

  const filters = (): Record<string, unknown> => {
    const body: Record<string, unknown> = { SerialNumber: bot.value };
    if (city.value.trim()) body.CityName = city.value.trim();
    if (minPrice.value) body.MinPrice = Number(minPrice.value);
    if (maxPrice.value) body.MaxPrice = Number(maxPrice.value);
    if (saleType.value) body.SaleType = saleType.value;
    if (statusFilter.value) body.Status = statusFilter.value;
    if (beds.value) body.MinBedrooms = Number(beds.value);
    if (mls.value.trim()) body.MLSNumber = mls.value.trim();
    return body;
  };

  const syncBulk = () => {
    deleteSelected.disabled = selected.size === 0;
    deleteSelected.textContent = selected.size ? `Delete ${selected.size} selected` : 'Delete selected';
    deleteMatching.disabled = matching === 0;
    deleteMatching.textContent = `Delete all ${matching.toLocaleString()} matching`;
    selectAll.checked = shown.length > 0 && shown.every((l) => selected.has(l.ID));
  };

  const list = async () => {
    error.textContent = '';
    if (!bot.value) return;
    const body: Record<string, unknown> = { ...filters(), PageSize: PAGE };
    if (sort.value) body.SortBy = sort.value;
    try {
      const data = await post<{ List: ListingRecord[]; VirtualCount: number }>('/chat/Chatbot/RealEstateList', body);
      matching = data.VirtualCount;
      shown = data.List;
      for (const id of [...selected]) if (!shown.some((l) => l.ID === id)) selected.delete(id);
      total.textContent =
        data.VirtualCount > PAGE
          ? `${data.VirtualCount.toLocaleString()} listings match (first ${PAGE} shown)`
          : `${data.VirtualCount.toLocaleString()} listings match`;
      table.replaceChildren(
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, selectAll),
            ...['MLS', 'Address', 'City', 'Type', 'Price', 'Beds', 'Status', 'Actions'].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        h('tbody', {}, ...data.List.map(row)),
      );
      syncBulk();
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  const remove = async (keys: number[]) => {
    await post('/chat/Chatbot/RealEstateDelete', {
      SerialNumber: bot.value,
      Keys: keys.map(String),
      KeyType: 'NewOaks',
    });
  };

  const row = (l: ListingRecord) => {
    const rent = /rent/i.test(String(l.SaleType));
    const symbol = String(l.CurrencySymbol || '$');
    const pick = h('input', { type: 'checkbox', 'aria-label': `Select ${l.MLSNumber}`, checked: selected.has(l.ID) });
    pick.addEventListener('change', () => {
      if (pick.checked) selected.add(l.ID);
      else selected.delete(l.ID);
      syncBulk();
    });
    const edit = h('button', { type: 'button', 'aria-label': `Edit ${l.MLSNumber}` }, 'Edit');
    edit.addEventListener('click', () => {
      form.open(l);
      form.el.scrollIntoView({ block: 'start' });
    });
    const del = h('button', { type: 'button', class: 'danger', 'aria-label': `Delete ${l.MLSNumber}` }, 'Delete');
    const note = h('span', { class: 'muted', 'aria-live': 'polite' });
    del.addEventListener('click', async () => {
      if (!confirm(`Delete listing ${l.MLSNumber}?`)) return;
      try {
        await remove([l.ID]);
        await list();
      } catch (x) {
        note.textContent = errorText(x);
      }
    });
    return h(
      'tr',
      {},
      h('td', {}, pick),
      // On a phone each row is a card, and data-label names what a bare value is.
      h('td', { 'data-label': 'MLS' }, l.MLSNumber),
      h('td', {}, String(l.Address ?? '')),
      h('td', {}, String(l.City ?? '')),
      h('td', {}, `${String(l.PropertyType)} · ${String(l.SaleType)}`),
      h(
        'td',
        { class: 'price-words', 'data-label': 'Price' },
        priceWords(String(rent ? l.RentPrice : l.SalePrice), symbol, rent),
      ),
      h('td', { class: 'num', 'data-label': 'Beds' }, String(l.Bedrooms)),
      h('td', { 'data-label': 'Status' }, statusWords(String(l.Status))),
      h('td', {}, h('div', { class: 'actions' }, edit, del, note)),
    );
  };

  selectAll.addEventListener('change', () => {
    for (const l of shown) {
      if (selectAll.checked) selected.add(l.ID);
      else selected.delete(l.ID);
    }
    for (const box of Array.from(table.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')))
      box.checked = selectAll.checked;
    syncBulk();
  });
  deleteSelected.addEventListener('click', async () => {
    const ids = [...selected];
    if (!ids.length || !confirm(`Delete ${ids.length} selected listings? This cannot be undone.`)) return;
    try {
      await remove(ids);
      selected.clear();
      bulkNote.textContent = `Deleted ${ids.length} listings.`;
    } catch (x) {
      bulkNote.textContent = errorText(x);
    }
    await list();
  });
  // Every listing the filters match, a page at a time: read the first page, delete it, again,
  // until none match (bounded by the count seen when confirmed, so a feed adding listings
  // meanwhile cannot keep it going).
  deleteMatching.addEventListener('click', async () => {
    const count = matching;
    if (
      !count ||
      !confirm(`Delete all ${count.toLocaleString()} listings that match the filters? This cannot be undone.`)
    )
      return;
    deleteMatching.disabled = true;
    let deleted = 0;
    try {
      while (deleted < count) {
        const page = await post<{ List: ListingRecord[] }>('/chat/Chatbot/RealEstateList', {
          ...filters(),
          PageSize: Math.min(DELETE_PAGE, count - deleted),
        });
        if (!page.List.length) break;
        await remove(page.List.map((l) => l.ID));
        deleted += page.List.length;
        bulkNote.textContent = `Deleting: ${deleted.toLocaleString()} of ${count.toLocaleString()}…`;
      }
      bulkNote.textContent = `Deleted ${deleted.toLocaleString()} listings.`;
    } catch (x) {
      bulkNote.textContent = `Deleted ${deleted.toLocaleString()}, then: ${errorText(x)}`;
    }
    selected.clear();
    await list();
  });

  const form = listingForm(
    () => bot.value,
    (saved) => {
      bulkNote.textContent = `Saved listing ${saved}.`;
      void list();
    },
  );
  addButton.addEventListener('click', () => form.open());
  for (const input of [bot, sort, saleType, statusFilter]) input.addEventListener('change', () => void list());
  const search = h('button', { type: 'button' }, 'Search');
  search.addEventListener('click', () => void list());

  const el = h(
    'section',
    { 'aria-labelledby': 'listings-title' },
    h('h1', { id: 'listings-title' }, 'Listings'),
    h(
      'div',
      { class: 'filters' },
      field('li-bot', 'Chatbot', bot),
      field('li-city', 'City', city),
      field('li-min', 'Min price', minPrice),
      field('li-max', 'Max price', maxPrice),
      field('li-sale', 'Sale or rent', saleType),
      field('li-status', 'Status', statusFilter),
      field('li-beds', 'Min bedrooms', beds),
      field('li-mls', 'MLS number', mls),
      field('li-sort', 'Sort', sort),
      search,
    ),
    h('div', { class: 'bulk' }, addButton),
    form.el,
    importPanel(() => bot.value, ctx.me.CsrfToken, list),
    total,
    error,
    h('div', { class: 'bulk' }, deleteSelected, deleteMatching, bulkNote),
    h('div', { class: 'scroll' }, table),
  );
  return { el, refresh: list };
}
