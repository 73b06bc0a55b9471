// Listing cards under an answer: photo, price, beds/baths/area, address, the whole card a
// link to the listing. They come from the answer's Listings (the final frame) or from the
// transcript kept in the browser, which any script of the page can write: every field is
// read as text, and only http(s) URLs become links or images.
import type { ListingCardData } from '../../listings/card.ts';
import { formatMoney } from '../../money.ts';
import { h } from './dom.ts';
import { safeUrl } from './text.ts';

export type Card = ListingCardData;

/** More than an answer shows (the builtin engine shows 5, a model's search 10). */
const MAX_CARDS = 20;

/** The cards in an answer's Listings or a kept transcript; anything malformed is dropped. */
export function cardList(value: unknown): Card[] {
  if (!Array.isArray(value)) return [];
  const cards: Card[] = [];
  for (const item of value.slice(0, MAX_CARDS)) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const text = (k: keyof Card) => (typeof o[k] === 'string' || typeof o[k] === 'number' ? String(o[k]) : '');
    cards.push({
      ID: Number(o.ID) || 0,
      MLSNumber: text('MLSNumber'),
      Address: text('Address'),
      City: text('City'),
      Price: text('Price'),
      CurrencySymbol: text('CurrencySymbol'),
      SaleType: text('SaleType'),
      Bedrooms: text('Bedrooms'),
      Bathrooms: text('Bathrooms'),
      BuildingArea: text('BuildingArea'),
      AreaUnit: text('AreaUnit'),
      Image: text('Image'),
      Url: text('Url'),
    });
  }
  return cards;
}

/** A decimal string with thousands separators ("1850" → "1,850"), or "" when it is not a number. */
function grouped(value: string, maximumFractionDigits = 2): string {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return '';
  return n.toLocaleString('en-US', { maximumFractionDigits });
}

/** "$420,000", a rent "$2,450/mo", or "Price on request" when the listing has none. */
export function priceText(c: Card): string {
  const n = Number(c.Price);
  if (c.Price.trim() === '' || !Number.isFinite(n)) return 'Price on request';
  return `${formatMoney(n, c.CurrencySymbol)}${/rent/i.test(c.SaleType) ? '/mo' : ''}`;
}

/** "3 bd · 2.5 ba · 1,850 sq ft"; what the listing leaves unset is left out. */
export function factsText(c: Card): string {
  const beds = grouped(c.Bedrooms);
  const baths = grouped(c.Bathrooms);
  const area = Number(c.BuildingArea) > 0 ? grouped(c.BuildingArea, 0) : '';
  const unit = /met/i.test(c.AreaUnit) ? 'm²' : 'sq ft';
  return [beds === '0' ? 'Studio' : beds && `${beds} bd`, baths && `${baths} ba`, area && `${area} ${unit}`]
    .filter(Boolean)
    .join(' · ');
}

export function placeText(c: Card): string {
  return [c.Address, c.City].filter(Boolean).join(', ');
}

/** A neutral stand-in for a missing photo: a grey house. */
function placeholder(): HTMLElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M12 3 2 11h3v9h5v-6h4v6h5v-9h3z');
  svg.append(path);
  return h('div', { class: 'ph', 'aria-hidden': 'true' }, svg);
}

/** The image URL, resolved against Parlor's address (uploaded images are served there), if http(s). */
function imageUrl(image: string, base: string): string {
  if (!image.trim()) return '';
  try {
    return safeUrl(new URL(image.trim(), base).href);
  } catch {
    return '';
  }
}

function card(c: Card, base: string, onOpen?: (c: Card) => void): HTMLElement {
  const place = placeText(c);
  const price = priceText(c);
  const facts = factsText(c);
  const href = safeUrl(c.Url);
  const photo = h('div', { class: 'photo' });
  const src = imageUrl(c.Image, base);
  if (src) {
    // Inside a link the card's own text names it; the photo's alt would only repeat the address.
    const alt = href ? '' : place ? `Photo of ${place}` : 'Photo of the listing';
    const img = h('img', { src, alt, loading: 'lazy' });
    img.addEventListener('error', () => img.replaceWith(placeholder()), { once: true });
    photo.append(img);
  } else {
    photo.append(placeholder());
  }
  if (c.SaleType) photo.append(h('span', { class: 'tag' }, c.SaleType));
  const content = [
    photo,
    h('strong', { class: 'price' }, price),
    h('span', { class: 'facts' }, facts),
    h('span', { class: 'addr' }, place),
  ];
  if (!href) return h('div', { class: 'card' }, ...content);
  // The link is named by its visible text (no aria-label, which would have to repeat that text
  // word for word for speech control to find it), plus a hidden note that it opens a new tab.
  const link = h(
    'a',
    { class: 'card', href, target: '_blank', rel: 'noopener' },
    ...content,
    h('span', { class: 'vh' }, ' (opens in a new tab)'),
  );
  if (onOpen) {
    // A click, a tap, Enter on the focused card, or the middle button (a background tab).
    link.addEventListener('click', () => onOpen(c));
    link.addEventListener('auxclick', (e) => {
      if (e.button === 1) onOpen(c);
    });
  }
  return link;
}

/**
 * The answer's cards as one item of the conversation, or null when it shows none. `onOpen` hears
 * which listing's link the visitor opened.
 */
export function cardStrip(cards: Card[], base: string, onOpen?: (c: Card) => void): HTMLLIElement | null {
  if (!cards.length) return null;
  const list = h('ul', { class: 'cards', 'aria-label': cards.length === 1 ? '1 listing' : `${cards.length} listings` });
  for (const c of cards) list.append(h('li', {}, card(c, base, onOpen)));
  return h('li', { class: 'listings' }, list);
}
