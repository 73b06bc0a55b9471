import type { Texts, Wanted } from '../texts.ts';

function describe(w: Wanted, n?: number): string {
  const many = n !== 1;
  const noun = w.propertyType ? `${w.propertyType} ${many ? 'listings' : 'listing'}` : many ? 'homes' : 'home';
  const parts = [n === undefined ? noun : `${n} ${noun}`];
  if (w.sold) parts.push('sold');
  else if (w.saleType) parts.push(w.saleType === 'for_rent' ? 'for rent' : 'for sale');
  if (w.city) parts.push(`in ${w.city}`);
  const withs: string[] = [];
  if (w.minBedrooms !== undefined && w.minBedrooms === w.maxBedrooms) withs.push(`exactly ${w.minBedrooms} bedrooms`);
  else if (w.minBedrooms !== undefined) withs.push(`at least ${w.minBedrooms} bedrooms`);
  else if (w.maxBedrooms !== undefined) withs.push(`at most ${w.maxBedrooms} bedrooms`);
  if (w.minBathrooms !== undefined && w.minBathrooms === w.maxBathrooms)
    withs.push(`exactly ${w.minBathrooms} bathrooms`);
  else if (w.minBathrooms !== undefined) withs.push(`at least ${w.minBathrooms} bathrooms`);
  else if (w.maxBathrooms !== undefined) withs.push(`at most ${w.maxBathrooms} bathrooms`);
  if (w.features.length) withs.push(w.features.map((f) => FEATURE_NAMES[f] ?? f).join(' and '));
  if (withs.length) parts.push(`with ${withs.join(', ')}`);
  if (w.notFeatures?.length) parts.push(`without ${w.notFeatures.join(', ')}`);
  if (w.extras?.length) parts.push(...w.extras);
  if (w.minPrice && w.maxPrice) parts.push(`between ${w.minPrice} and ${w.maxPrice}`);
  else if (w.maxPrice) parts.push(`up to ${w.maxPrice}`);
  else if (w.minPrice) parts.push(`from ${w.minPrice}`);
  return parts.join(' ');
}

const FEATURE_NAMES: Record<string, string> = {
  pool: 'a pool',
  garage: 'a garage',
  fireplace: 'a fireplace',
  waterfront: 'waterfront',
  view: 'a view',
  basement: 'a basement',
  balcon: 'a balcony',
  furnished: 'furnishings',
  pet: 'pets allowed',
};

const RELAXED = {
  price: 'the price limit',
  bedrooms: 'the bedroom count',
  bathrooms: 'the bathroom count',
  type: 'the property type',
  features: 'the features',
};

export const texts: Texts = {
  describe,
  found: (what) => `I found ${what}.`,
  showing: (shown, total, sort) =>
    shown >= total
      ? total === 1
        ? 'Here it is:'
        : 'Here they are:'
      : sort === 'PriceAsc'
        ? `Here are the ${shown} lowest-priced:`
        : sort === 'PriceDesc'
          ? `Here are the ${shown} highest-priced:`
          : `Here are the ${shown} newest:`,
  none: (what) => `Sorry, I couldn't find any ${what} right now.`,
  relax: (what, n) => `Without ${RELAXED[what]}, there ${n === 1 ? 'is 1 match' : `are ${n} matches`} — just ask.`,
  count: (what) => `We have ${what}.`,
  average: (what, mean, low, high) => `The average price of the ${what} is ${mean} (from ${low} to ${high}).`,
  median: (what, median, low, high) => `The median price of the ${what} is ${median} (from ${low} to ${high}).`,
  perMonth: '/month',
  beds: 'bd',
  baths: 'ba',
  status: (s) => (s === 'Sold' ? 'sold' : s === 'PreOnMarket' ? 'coming soon' : 'available'),
  detail(field, f) {
    switch (field) {
      case 'price':
        return f.forRent ? `The rent is ${f.price}.` : `The price is ${f.price}.`;
      case 'hoa':
        return f.hoa === null ? 'No HOA fee is listed.' : `The HOA fee is ${f.hoa} per month.`;
      case 'year':
        return `It was built in ${f.year}.`;
      case 'size':
        return `It has ${f.size} of living space.`;
      case 'lot':
        return `The lot is ${f.lot}${f.lotAcres ? ` (${f.lotAcres} acres)` : ''}.`;
      case 'pricePerArea':
        return f.pricePerArea ? `That is ${f.pricePerArea}.` : 'No price per square foot can be worked out for it.';
      case 'zip':
        return f.zip ? `The ZIP code is ${f.zip}.` : 'No ZIP code is listed.';
      case 'parking':
        return `It has ${f.parking} parking spots.`;
      case 'bedrooms':
        return `It has ${f.bedrooms} bedrooms.`;
      case 'bathrooms':
        return `It has ${f.bathrooms} bathrooms.`;
      case 'daysOnMarket':
        return `It has been on the market for ${f.daysOnMarket} ${f.daysOnMarket === '1' ? 'day' : 'days'}.`;
      case 'deposit':
        return f.deposit === null ? 'No deposit is listed.' : `The deposit is ${f.deposit}.`;
      case 'address':
        return `It is at ${f.address}.`;
      case 'features':
        return f.features.length ? `Features: ${f.features.join(', ')}.` : 'No special features are listed.';
      case 'type':
        return `It is a ${f.type}.`;
      case 'status':
        return `Status: ${f.status}.`;
      default:
        return '';
    }
  },
  namedIntro: (n) => (n === 1 ? 'Here is that listing:' : `${n} listings match that address:`),
  more: 'Ask me about any of them by MLS number, or I can put you in touch with an agent.',
  welcome: 'Hi! How can I help you find a home today?',
  thanks: "You're welcome! Let me know if you'd like to see more homes.",
  help: 'I can search our homes by city, price, bedrooms, bathrooms, property type and features such as a pool or garage, count them, and answer questions about a listing by its MLS number or address.',
  human:
    'I can put you in touch with someone from our team. Please share your name and email or phone number, and they will contact you.',
  offTopic:
    "Sorry, I can't help with that — I can only answer questions about our homes and listings. Would you like me to connect you with someone from our team?",
  knowledgeSource: (source) => `(Source: ${source || 'our FAQ'})`,
  media: (kind) =>
    `Sorry, I can't ${kind === 'Image' ? 'see images' : kind === 'Audio' ? 'listen to audio' : 'watch videos'} — please type your question, or I can connect you with someone from our team.`,
};
