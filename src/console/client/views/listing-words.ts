// Listings as an office manager reads them: sorts, statuses and sale types in plain words, prices
// with their currency, and the page's own styles (added once, beside the console's).
import { formatMoney } from '../../../money.ts';
import { h } from '../dom.ts';

/** RealEstateList's sorts. */
export const SORTS: [string, string][] = [
  ['Newest', 'Newest listed'],
  ['PriceAsc', 'Price, low to high'],
  ['PriceDesc', 'Price, high to low'],
  ['AreaAsc', 'Size, small to large'],
  ['AreaDesc', 'Size, large to small'],
  ['YearDesc', 'Year built, newest first'],
  ['DaysOnMarketAsc', 'Days on market, fewest first'],
  ['DaysOnMarketDesc', 'Days on market, most first'],
];

export const STATUSES: [string, string][] = [
  ['Active', 'Active'],
  ['PreOnMarket', 'Coming soon'],
  ['Sold', 'Sold'],
];

export const SALE_TYPES: [string, string][] = [
  ['for_sale', 'For sale'],
  ['for_rent', 'For rent'],
];

export function statusWords(status: string): string {
  return STATUSES.find(([v]) => v === status)?.[1] ?? status;
}

/** "$489,000", a rent "$2,450/mo", or "" when the value is empty or not a number. */
export function priceWords(value: string | number | null | undefined, symbol: string, rent: boolean): string {
  const text = value === null || value === undefined ? '' : String(value);
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return '';
  return `${formatMoney(n, symbol || '$')}${rent ? '/mo' : ''}`;
}

const CSS = `
.listing-form{background:#fff;border:1px solid #d1d5db;border-radius:10px;padding:14px;margin:12px 0}
.listing-form fieldset{border:1px solid #e5e7eb;border-radius:8px;margin:0 0 12px;padding:8px 12px;display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:0 12px}
.listing-form legend{font-weight:600;padding:0 4px}
.listing-form .wide{grid-column:1/-1}
.listing-form .field-error{color:#b91c1c;font-size:13px}
.listing-form .field-error:empty{display:none}
.listing-form [aria-invalid=true]{border-color:#b91c1c}
.photos{list-style:none;margin:0 0 8px;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.photos li{display:flex;flex-direction:column;gap:4px;width:140px;font-size:12px;word-break:break-all}
.photos img{width:140px;height:96px;object-fit:cover;border-radius:6px;background:#e5e7eb}
.features{list-style:none;margin:0 0 8px;padding:0}
.features li{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-end;margin-bottom:6px}
.import{background:#fff;border:1px solid #d1d5db;border-radius:10px;padding:14px;margin:12px 0}
.import progress{width:100%;max-width:420px;height:14px}
.bulk{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:8px 0}
button.secondary{background:#e5e7eb;color:#111827}
button.danger{background:#b91c1c}
`;

export function addListingStyles(): void {
  if (document.getElementById('listing-styles')) return;
  document.head.append(h('style', { id: 'listing-styles' }, CSS));
}
