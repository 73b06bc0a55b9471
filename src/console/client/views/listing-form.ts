// The Add/Edit form of one listing: every field of RealEstateCreate, grouped (the home, price,
// size, where, description, photos, features), sizes in the chosen unit and prices in the chosen
// currency, photos by URL with thumbnails. Adds through RealEstateCreate, edits through
// RealEstateUpdate (by the listing's ID); every empty required field and every number that is
// not one is shown at its field before sending, and the API's refusal at the field it names.
import { post } from '../api.ts';
import { h } from '../dom.ts';
import { addListingStyles, priceWords, SALE_TYPES, STATUSES } from './listing-words.ts';
import { errorText } from './view.ts';

/** A listing as RealEstateList returns it (every value a string but ID and the coordinates). */
export type ListingRecord = Record<string, unknown> & { ID: number; MLSNumber: string };

type Kind = 'text' | 'url' | 'number' | 'select' | 'textarea';
interface Spec {
  name: string;
  label: string;
  kind: Kind;
  required?: boolean;
  /** Numbers: integer only. */
  integer?: boolean;
  step?: string;
  min?: string;
  max?: string;
  maxlength?: number;
  options?: [string, string][];
  /** A unit shown after the label: "currency", "area" or literal text. */
  unit?: 'currency' | 'area' | 'perMonth' | 'perArea';
  help?: string;
  wide?: boolean;
}

const GROUPS: [string, Spec[]][] = [
  [
    'The home',
    [
      { name: 'MLSNumber', label: 'MLS number', kind: 'text', required: true, maxlength: 64 },
      {
        name: 'Url',
        label: 'Listing page (URL)',
        kind: 'url',
        required: true,
        maxlength: 2048,
        help: 'Where a visitor reads the full listing',
      },
      { name: 'SaleType', label: 'Sale or rent', kind: 'select', required: true, options: SALE_TYPES },
      { name: 'Status', label: 'Status', kind: 'select', required: true, options: STATUSES },
      {
        name: 'PropertyType',
        label: 'Property type',
        kind: 'text',
        required: true,
        maxlength: 100,
        help: 'e.g. Single Family Residential, Condo, Townhouse',
      },
      {
        name: 'SpaceType',
        label: 'Rented as',
        kind: 'select',
        options: [
          ['', 'Not said'],
          ['Entire place', 'Entire place'],
          ['Room', 'A room'],
        ],
      },
      {
        name: 'Tours',
        label: 'Tours',
        kind: 'select',
        options: [
          ['', 'None'],
          ['OpenHouse', 'Open house'],
          ['3D', '3D tour'],
        ],
      },
    ],
  ],
  [
    'Price',
    [
      { name: 'CurrencySymbol', label: 'Currency symbol', kind: 'text', required: true, maxlength: 8 },
      { name: 'SalePrice', label: 'Sale price', kind: 'number', min: '0', unit: 'currency' },
      { name: 'RentPrice', label: 'Rent', kind: 'number', min: '0', unit: 'perMonth' },
      { name: 'DepositFee', label: 'Deposit', kind: 'number', min: '0', unit: 'currency' },
      { name: 'HOAMonth', label: 'HOA fee', kind: 'number', min: '0', unit: 'perMonth' },
      { name: 'UnitAreaPrice', label: 'Price per area', kind: 'number', min: '0', unit: 'perArea' },
      { name: 'ZestimatePrice', label: 'Estimated value', kind: 'number', min: '0', unit: 'currency' },
    ],
  ],
  [
    'Size',
    [
      {
        name: 'AreaUnit',
        label: 'Area unit',
        kind: 'select',
        required: true,
        options: [
          ['Square Feet', 'Square feet'],
          ['Square Meters', 'Square meters'],
        ],
      },
      { name: 'Bedrooms', label: 'Bedrooms', kind: 'number', required: true, min: '0', max: '1000', step: '1' },
      { name: 'Bathrooms', label: 'Bathrooms', kind: 'number', required: true, min: '0', max: '1000', step: '0.5' },
      { name: 'BuildingArea', label: 'Living area', kind: 'number', required: true, min: '0', unit: 'area' },
      { name: 'LotArea', label: 'Lot size', kind: 'number', required: true, min: '0', unit: 'area' },
      {
        name: 'YearBuilt',
        label: 'Year built',
        kind: 'number',
        required: true,
        integer: true,
        min: '0',
        max: '3000',
        step: '1',
      },
      { name: 'ParkingSpots', label: 'Parking spots', kind: 'number', required: true, min: '0', step: '1' },
      { name: 'DaysOnMarket', label: 'Days on market', kind: 'number', required: true, min: '0', step: '1' },
    ],
  ],
  [
    'Where',
    [
      { name: 'Address', label: 'Street address', kind: 'text', maxlength: 500 },
      { name: 'City', label: 'City', kind: 'text', maxlength: 200 },
      { name: 'State', label: 'State', kind: 'text', maxlength: 100 },
      { name: 'ZIP', label: 'ZIP code', kind: 'text', maxlength: 20 },
      { name: 'Location', label: 'Neighborhood', kind: 'text', maxlength: 500 },
      { name: 'Latitude', label: 'Latitude', kind: 'number', min: '-90', max: '90', step: 'any' },
      { name: 'Longitude', label: 'Longitude', kind: 'number', min: '-180', max: '180', step: 'any' },
    ],
  ],
  ['Description', [{ name: 'Description', label: 'Description', kind: 'textarea', maxlength: 20000, wide: true }]],
];

const SPECS = GROUPS.flatMap(([, specs]) => specs);
const DEFAULTS: Record<string, string> = {
  SaleType: 'for_sale',
  Status: 'Active',
  CurrencySymbol: '$',
  AreaUnit: 'Square Feet',
  DaysOnMarket: '0',
  ParkingSpots: '0',
  LotArea: '0',
};

type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A record's value as the form's text: SaleType "For Rent" → for_rent, null → "". */
function recordValue(record: ListingRecord, name: string): string {
  const raw = name === 'Latitude' ? record.LATITUDE : name === 'Longitude' ? record.LONGITUDE : record[name];
  if (raw === null || raw === undefined) return '';
  if (name === 'SaleType') return /rent/i.test(String(raw)) ? 'for_rent' : 'for_sale';
  return String(raw);
}

function jsonList(value: unknown): unknown[] {
  try {
    const parsed = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export interface ListingForm {
  el: HTMLElement;
  /** Opens the form empty (add) or filled with a listing (edit). */
  open(record?: ListingRecord): void;
}

export function listingForm(serial: () => string, saved: (mls: string) => void): ListingForm {
  addListingStyles();
  const inputs = new Map<string, Input>();
  const errors = new Map<string, HTMLElement>();
  const units = new Map<string, HTMLElement>();
  let editing: ListingRecord | null = null;

  const make = (s: Spec): HTMLElement => {
    const id = `lf-${s.name}`;
    let input: Input;
    if (s.kind === 'select') {
      input = h('select', { id, name: s.name });
      for (const [value, label] of s.options ?? []) input.append(h('option', { value }, label));
    } else if (s.kind === 'textarea') {
      input = h('textarea', { id, name: s.name, rows: '5', maxlength: s.maxlength });
    } else {
      input = h('input', {
        id,
        name: s.name,
        type: s.kind,
        maxlength: s.maxlength,
        min: s.min,
        max: s.max,
        step: s.step ?? (s.kind === 'number' ? 'any' : undefined),
        inputmode: s.kind === 'number' ? 'decimal' : undefined,
      });
    }
    const error = h('span', { class: 'field-error', id: `${id}-error`, 'aria-live': 'polite' });
    const unit = h('span', { class: 'unit' });
    input.setAttribute('aria-describedby', `${id}-error${s.help ? ` ${id}-help` : ''}`);
    if (s.required) input.setAttribute('aria-required', 'true');
    inputs.set(s.name, input);
    errors.set(s.name, error);
    units.set(s.name, unit);
    return h(
      'div',
      { class: `field${s.wide ? ' wide' : ''}` },
      h('label', { for: id }, s.label, unit, s.required ? ' *' : ''),
      input,
      s.help ? h('small', { id: `${id}-help` }, s.help) : null,
      error,
    );
  };

  const fieldsets = GROUPS.map(([legend, specs]) => h('fieldset', {}, h('legend', {}, legend), ...specs.map(make)));

  // Units follow the currency and area unit chosen.
  const unitText = () => {
    const symbol = inputs.get('CurrencySymbol')?.value.trim() || '$';
    const area = /met/i.test(inputs.get('AreaUnit')?.value ?? '') ? 'm²' : 'sq ft';
    for (const s of SPECS) {
      const el = units.get(s.name);
      if (!el || !s.unit) continue;
      const text = {
        currency: symbol,
        area,
        perMonth: `${symbol}/month`,
        perArea: `${symbol}/${area}`,
      }[s.unit];
      el.textContent = ` (${text})`;
    }
  };
  inputs.get('CurrencySymbol')?.addEventListener('input', unitText);
  inputs.get('AreaUnit')?.addEventListener('change', unitText);
  const pricePreview = h('p', { class: 'muted', 'aria-live': 'polite' });
  const previewPrice = () => {
    const symbol = inputs.get('CurrencySymbol')?.value.trim() || '$';
    const rent = inputs.get('SaleType')?.value === 'for_rent';
    const value = inputs.get(rent ? 'RentPrice' : 'SalePrice')?.value ?? '';
    const words = priceWords(value, symbol, rent);
    pricePreview.textContent = words ? `Shown to visitors as ${words}` : '';
  };
  for (const name of ['CurrencySymbol', 'SalePrice', 'RentPrice', 'SaleType'])
    inputs.get(name)?.addEventListener('input', previewPrice);
  fieldsets[1]?.append(h('div', { class: 'wide' }, pricePreview));

  // Photos: URLs, each with its thumbnail, removable; added one at a time.
  let photos: string[] = [];
  const photoList = h('ul', { class: 'photos', 'aria-label': 'Photos' });
  const photoUrl = h('input', { id: 'lf-photo', type: 'url', maxlength: '2048', 'aria-describedby': 'lf-photo-error' });
  const photoError = h('span', { class: 'field-error', id: 'lf-photo-error', 'aria-live': 'polite' });
  const addPhoto = h('button', { type: 'button', class: 'secondary' }, 'Add photo');
  const drawPhotos = () => {
    photoList.replaceChildren(
      ...photos.map((url, i) => {
        const remove = h('button', { type: 'button', class: 'secondary' }, `Remove photo ${i + 1}`);
        remove.addEventListener('click', () => {
          photos = photos.filter((_, j) => j !== i);
          drawPhotos();
        });
        return h('li', {}, h('img', { src: url, alt: `Photo ${i + 1}`, loading: 'lazy' }), h('span', {}, url), remove);
      }),
    );
  };
  addPhoto.addEventListener('click', () => {
    const url = photoUrl.value.trim();
    photoError.textContent = '';
    if (!/^https?:\/\/\S+$/i.test(url)) {
      photoError.textContent = 'Give the photo’s address, starting with https:// or http://';
      photoUrl.setAttribute('aria-invalid', 'true');
      return;
    }
    if (photos.length >= 100) {
      photoError.textContent = 'At most 100 photos';
      return;
    }
    photoUrl.removeAttribute('aria-invalid');
    photos.push(url);
    photoUrl.value = '';
    drawPhotos();
  });
  const photosError = h('span', { class: 'field-error', 'aria-live': 'polite' });
  errors.set('Images', photosError);

  // Features: name and value pairs (Pool: Yes).
  const featureList = h('ul', { class: 'features', 'aria-label': 'Features' });
  const featuresError = h('span', { class: 'field-error', 'aria-live': 'polite' });
  errors.set('ExtensionColumn', featuresError);
  let featureCount = 0;
  const addFeatureRow = (key = '', value = '') => {
    const n = ++featureCount;
    const k = h('input', { id: `lf-fk-${n}`, type: 'text', maxlength: '100', value: key, class: 'fkey' });
    const v = h('input', { id: `lf-fv-${n}`, type: 'text', maxlength: '2000', value, class: 'fvalue' });
    const remove = h('button', { type: 'button', class: 'secondary' }, 'Remove');
    const li = h(
      'li',
      {},
      h('div', { class: 'field' }, h('label', { for: k.id }, 'Feature'), k),
      h('div', { class: 'field' }, h('label', { for: v.id }, 'Value'), v),
      remove,
    );
    remove.addEventListener('click', () => li.remove());
    featureList.append(li);
  };
  const addFeature = h('button', { type: 'button', class: 'secondary' }, 'Add feature');
  addFeature.addEventListener('click', () => addFeatureRow());

  const title = h('h2', { id: 'lf-title' }, 'Add a listing');
  const formError = h('p', { class: 'error', role: 'alert' });
  const note = h('span', { class: 'muted', role: 'status' });
  const submit = h('button', { type: 'submit' }, 'Save listing');
  const cancel = h('button', { type: 'button', class: 'secondary' }, 'Close');
  const form = h(
    'form',
    { class: 'listing-form', 'aria-labelledby': 'lf-title', novalidate: true, hidden: true },
    title,
    h('p', { class: 'muted' }, 'Fields marked * are required.'),
    ...fieldsets,
    h(
      'fieldset',
      {},
      h('legend', {}, 'Photos'),
      h('div', { class: 'wide' }, photoList, photosError),
      h('div', { class: 'field' }, h('label', { for: 'lf-photo' }, 'Photo address (URL)'), photoUrl, photoError),
      h('div', { class: 'field' }, addPhoto),
    ),
    h('fieldset', {}, h('legend', {}, 'Features'), h('div', { class: 'wide' }, featureList, featuresError, addFeature)),
    formError,
    h('div', { class: 'actions' }, submit, cancel, note),
  );
  cancel.addEventListener('click', () => {
    form.hidden = true;
  });

  const clearErrors = () => {
    formError.textContent = '';
    for (const [name, el] of errors) {
      el.textContent = '';
      inputs.get(name)?.removeAttribute('aria-invalid');
    }
  };
  const showError = (name: string, message: string) => {
    const el = errors.get(name);
    if (!el) return false;
    el.textContent = message;
    inputs.get(name)?.setAttribute('aria-invalid', 'true');
    return true;
  };

  /** The body to send, or null when a field is wrong (each shown at its field). */
  const body = (): Record<string, unknown> | null => {
    const out: Record<string, unknown> = {};
    let ok = true;
    const fail = (name: string, message: string) => {
      showError(name, message);
      ok = false;
    };
    for (const s of SPECS) {
      const value = inputs.get(s.name)?.value.trim() ?? '';
      if (value === '') {
        if (s.required) fail(s.name, 'Required');
        out[s.name] = s.required ? undefined : null;
        continue;
      }
      if (s.kind === 'number') {
        const n = Number(value);
        if (!Number.isFinite(n)) fail(s.name, 'Must be a number');
        else if (s.integer && !Number.isInteger(n)) fail(s.name, 'Must be a whole number');
        else if (s.min !== undefined && n < Number(s.min)) fail(s.name, `Must be at least ${s.min}`);
        else if (s.max !== undefined && n > Number(s.max)) fail(s.name, `Must be at most ${s.max}`);
        out[s.name] = n;
      } else out[s.name] = value;
    }
    const saleType = out.SaleType;
    if (saleType === 'for_rent' && out.RentPrice === null) fail('RentPrice', 'Give the rent of a rental');
    out.Images = photos.length ? photos : null;
    const features: { Key: string; value: string }[] = [];
    for (const li of Array.from(featureList.children)) {
      const key = (li.querySelector('.fkey') as HTMLInputElement).value.trim();
      const value = (li.querySelector('.fvalue') as HTMLInputElement).value.trim();
      if (!key && !value) continue;
      if (!key) fail('ExtensionColumn', 'Each feature needs a name');
      features.push({ Key: key, value: value || 'Yes' });
    }
    out.ExtensionColumn = features.length ? features : null;
    return ok ? out : null;
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearErrors();
    note.textContent = '';
    const fields = body();
    if (!fields) {
      formError.textContent = 'Some fields need a look: see the messages under them.';
      form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      return;
    }
    submit.disabled = true;
    try {
      if (editing) {
        await post('/chat/Chatbot/RealEstateUpdate', {
          ...fields,
          SerialNumber: serial(),
          Key: String(editing.ID),
          KeyType: 'NewOaks',
        });
      } else {
        await post('/chat/Chatbot/RealEstateCreate', { ...fields, SerialNumber: serial() });
      }
      note.textContent = editing ? 'Saved' : 'Added';
      const mls = String(fields.MLSNumber);
      if (!editing) open();
      saved(mls);
    } catch (x) {
      const message = errorText(x);
      // The API names the field first ("Bedrooms: must be <= 1000", "Images[0]: …").
      const named = /^([A-Za-z]+)[[.:\s]/.exec(message)?.[1] ?? '';
      if (!showError(named, message)) formError.textContent = message;
      else formError.textContent = 'The listing was not saved: see the message under the field.';
      (inputs.get(named) ?? formError).focus?.();
    } finally {
      submit.disabled = false;
    }
  });

  const open = (record?: ListingRecord) => {
    editing = record ?? null;
    clearErrors();
    title.textContent = record ? `Edit listing ${record.MLSNumber}` : 'Add a listing';
    for (const s of SPECS) {
      const input = inputs.get(s.name);
      if (input) input.value = record ? recordValue(record, s.name) : (DEFAULTS[s.name] ?? '');
    }
    photos = record ? jsonList(record.Images).filter((u): u is string => typeof u === 'string') : [];
    drawPhotos();
    featureList.replaceChildren();
    if (record) {
      for (const f of jsonList(record.ExtensionColumn)) {
        const item = f as { Key?: unknown; value?: unknown };
        if (item && typeof item.Key === 'string') addFeatureRow(item.Key, String(item.value ?? ''));
      }
    }
    unitText();
    previewPrice();
    form.hidden = false;
    inputs.get('MLSNumber')?.focus();
  };

  unitText();
  return { el: form, open };
}
