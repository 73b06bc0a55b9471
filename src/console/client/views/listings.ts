// Listings: a table with the API's filters and sorting (RealEstateList), price and status
// edits (RealEstateUpdate), delete (RealEstateDelete), and import of a CSV or JSON file row by
// row through RealEstateCreate, with a progress bar and each rejected row's reason.

import { csvRowsOf } from '../../../listings/csv-rows.ts';
import { formatMoney } from '../../../money.ts';
import { ApiError, post } from '../api.ts';
import { field, h } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Listing {
  ID: number;
  MLSNumber: string;
  Address: string | null;
  City: string | null;
  SaleType: string;
  Status: string;
  SalePrice: number | null;
  RentPrice: number | null;
  Bedrooms: number;
  Bathrooms: number;
  PropertyType: string;
  CurrencySymbol: string;
}

/** RealEstateList's sorts and the listing statuses, as an office manager reads them. */
const SORTS: [string, string][] = [
  ['Newest', 'Newest listed'],
  ['PriceAsc', 'Price, low to high'],
  ['PriceDesc', 'Price, high to low'],
  ['AreaAsc', 'Size, small to large'],
  ['AreaDesc', 'Size, large to small'],
  ['YearDesc', 'Year built, newest first'],
  ['DaysOnMarketAsc', 'Days on market, fewest first'],
  ['DaysOnMarketDesc', 'Days on market, most first'],
];
const STATUSES: [string, string][] = [
  ['Active', 'Active'],
  ['PreOnMarket', 'Coming soon'],
  ['Sold', 'Sold'],
];

/** "$489,000", a rent "$2,450/mo", or "" when the field is empty or not a number. */
function priceWords(value: string, symbol: string, rent: boolean): string {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return '';
  return `${formatMoney(n, symbol)}${rent ? '/mo' : ''}`;
}

export function listingsView(ctx: ViewContext): View {
  const bot = h('select', { id: 'li-bot' });
  for (const b of ctx.me.Chatbots) bot.append(h('option', { value: b.SerialNumber }, b.Name));
  const city = h('input', { id: 'li-city', type: 'text', maxlength: '200' });
  const minPrice = h('input', { id: 'li-min', type: 'number', min: '0' });
  const maxPrice = h('input', { id: 'li-max', type: 'number', min: '0' });
  const saleType = h(
    'select',
    { id: 'li-sale' },
    h('option', { value: '' }, 'Any'),
    h('option', { value: 'for_sale' }, 'For sale'),
    h('option', { value: 'for_rent' }, 'For rent'),
  );
  const statusFilter = h('select', { id: 'li-status' }, h('option', { value: '' }, 'Any'));
  for (const [value, label] of STATUSES) statusFilter.append(h('option', { value }, label));
  const beds = h('input', { id: 'li-beds', type: 'number', min: '0', max: '1000' });
  const mls = h('input', { id: 'li-mls', type: 'text', maxlength: '64' });
  const sort = h('select', { id: 'li-sort' }, h('option', { value: '' }, 'Default'));
  for (const [value, label] of SORTS) sort.append(h('option', { value }, label));
  const table = h('table', { class: 'grid' });
  const error = h('p', { class: 'error', role: 'alert' });
  const total = h('p', { class: 'muted', 'aria-live': 'polite' });
  const file = h('input', { id: 'li-file', type: 'file', accept: '.csv,.json,text/csv,application/json' });
  const progress = h('progress', { max: '1', value: '0', hidden: true, 'aria-label': 'Import progress' });
  const report = h('ol', { class: 'report', 'aria-live': 'polite' });

  const list = async () => {
    error.textContent = '';
    if (!bot.value) return;
    const body: Record<string, unknown> = { SerialNumber: bot.value, PageSize: 50 };
    if (city.value.trim()) body.CityName = city.value.trim();
    if (minPrice.value) body.MinPrice = Number(minPrice.value);
    if (maxPrice.value) body.MaxPrice = Number(maxPrice.value);
    if (sort.value) body.SortBy = sort.value;
    if (saleType.value) body.SaleType = saleType.value;
    if (statusFilter.value) body.Status = statusFilter.value;
    if (beds.value) body.MinBedrooms = Number(beds.value);
    if (mls.value.trim()) body.MLSNumber = mls.value.trim();
    try {
      const data = await post<{ List: Listing[]; VirtualCount: number }>('/chat/Chatbot/RealEstateList', body);
      total.textContent = `${data.VirtualCount.toLocaleString()} listings match (first 50 shown)`;
      table.replaceChildren(
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['MLS', 'Address', 'City', 'Type', 'Price', 'Beds', 'Status', ''].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        h('tbody', {}, ...data.List.map(row)),
      );
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  const row = (l: Listing) => {
    const priceField = l.SaleType === 'For Rent' ? 'RentPrice' : 'SalePrice';
    const price = h('input', {
      type: 'number',
      min: '0',
      value: (l.SaleType === 'For Rent' ? l.RentPrice : l.SalePrice) ?? '',
      'aria-label': `Price of ${l.MLSNumber}`,
    });
    const status = h('select', { 'aria-label': `Status of ${l.MLSNumber}` });
    for (const [value, label] of STATUSES) status.append(h('option', { value, selected: value === l.Status }, label));
    const rent = l.SaleType === 'For Rent';
    const symbol = l.CurrencySymbol || '$';
    const shown = h('span', { class: 'muted price-words' }, priceWords(price.value, symbol, rent));
    price.addEventListener('input', () => (shown.textContent = priceWords(price.value, symbol, rent)));
    const save = h('button', { type: 'button' }, 'Save');
    const del = h('button', { type: 'button' }, 'Delete');
    const note = h('span', { class: 'muted', 'aria-live': 'polite' });
    save.addEventListener('click', async () => {
      try {
        await post('/chat/Chatbot/RealEstateUpdate', {
          SerialNumber: bot.value,
          Key: String(l.ID),
          KeyType: 'NewOaks',
          [priceField]: price.value === '' ? null : Number(price.value),
          Status: status.value,
        });
        note.textContent = 'Saved';
      } catch (x) {
        note.textContent = errorText(x);
      }
    });
    del.addEventListener('click', async () => {
      if (!confirm(`Delete listing ${l.MLSNumber}?`)) return;
      try {
        await post('/chat/Chatbot/RealEstateDelete', {
          SerialNumber: bot.value,
          Keys: [String(l.ID)],
          KeyType: 'NewOaks',
        });
        await list();
      } catch (x) {
        note.textContent = errorText(x);
      }
    });
    return h(
      'tr',
      {},
      h('td', {}, l.MLSNumber),
      h('td', {}, l.Address ?? ''),
      h('td', {}, l.City ?? ''),
      h('td', {}, `${l.PropertyType} · ${l.SaleType}`),
      h('td', {}, price, ' ', shown),
      h('td', { class: 'num' }, l.Bedrooms),
      h('td', {}, status),
      h('td', {}, save, del, note),
    );
  };

  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    report.replaceChildren();
    let rows: Record<string, unknown>[];
    try {
      const text = await f.text();
      rows = /\.json$/i.test(f.name) || text.trimStart().startsWith('[') ? JSON.parse(text) : csvRowsOf(text);
      if (!Array.isArray(rows)) throw new Error('the JSON file must hold an array of listings');
    } catch (x) {
      report.append(h('li', { class: 'error' }, `${f.name}: ${errorText(x)}`));
      return;
    }
    progress.hidden = false;
    progress.max = rows.length;
    let created = 0;
    for (const [i, r] of rows.entries()) {
      try {
        await post('/chat/Chatbot/RealEstateCreate', { ...r, SerialNumber: bot.value });
        created++;
      } catch (x) {
        report.append(
          h(
            'li',
            { class: 'error' },
            `Row ${i + 1}${r.MLSNumber ? ` (${String(r.MLSNumber)})` : ''}: ${x instanceof ApiError ? x.message : errorText(x)}`,
          ),
        );
      }
      progress.value = i + 1;
    }
    report.prepend(h('li', {}, `Imported ${created} of ${rows.length} rows.`));
    file.value = '';
    await list();
  });
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
    h('div', { class: 'filters' }, field('li-file', 'Import CSV or JSON', file), progress),
    report,
    total,
    error,
    h('div', { class: 'scroll' }, table),
  );
  return {
    el,
    refresh: list,
  };
}
