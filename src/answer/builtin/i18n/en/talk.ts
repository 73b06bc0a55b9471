// What the engine says in conversation in English (i18n/talk.ts says what each text is for).
import type { Feature, Sort, TypeFamily } from '../../../../listings/index.ts';
import type { Topic } from '../../honesty.ts';
import { type Talk, typeNamer } from '../talk.ts';

const FEATURES: Partial<Record<Feature, string>> = {
  pool: 'a pool',
  garage: 'a garage',
  pets: 'pets allowed',
  furnished: 'furnished',
  basement: 'a basement',
  finishedBasement: 'a finished basement',
  fireplace: 'a fireplace',
  waterfront: 'waterfront',
  view: 'a view',
  centralAir: 'central air',
  inUnitLaundry: 'in-unit laundry',
  yard: 'a yard',
  balcony: 'a balcony',
  elevator: 'an elevator',
  gym: 'a gym',
  solar: 'solar panels',
  airConditioning: 'air conditioning',
  hardwood: 'hardwood floors',
  patio: 'a patio',
};

const TYPES: Record<TypeFamily, string> = {
  sfr: 'single-family',
  condo: 'condo',
  town: 'townhouse',
  multi: 'multi-family',
  apt: 'apartment',
  land: 'land',
  other: 'other',
};
const OR = 'or';
const NOT = 'other than';

const TOPICS: Record<Topic, string> = {
  commercial: 'commercial property such as offices, shops or warehouses',
  schools: 'schools',
  crime: 'crime or safety',
  commute: 'commute times',
  taxes: 'property taxes',
  rates: 'mortgage or interest rates',
  flood: 'flood zones',
  forecast: 'where prices are going or investment advice',
  insurance: 'insurance',
  walkability: 'walkability, transit or what is nearby',
  listingAgent: 'who the seller or the listing agent is',
};

const SORTED: Partial<Record<Sort, string>> = {
  AreaDesc: 'largest',
  AreaAsc: 'smallest',
  LotDesc: 'on the biggest lots',
  LotAsc: 'on the smallest lots',
  YearDesc: 'most recently built',
  YearAsc: 'oldest',
  DaysOnMarketDesc: 'longest on the market',
  DaysOnMarketAsc: 'newest on the market',
};

export const talk: Talk = {
  fairHousing:
    "I can't select or steer homes by race, colour, religion, national origin, sex, disability or familial status: fair housing rules protect everyone's right to choose where to live. Here is what matches the rest of your request.",
  cannotAnswer: (topic) =>
    `Sorry, I don't have reliable information about ${TOPICS[topic]}, so I can't answer that. Someone from our team can help: would you like me to connect you with an agent?`,
  cannotCheck: (what) =>
    `Sorry, I can't check ${what.join(' or ')}: our listings don't record it, so I can't tell you which homes have it. An agent can find out for you; would you like me to connect you?`,
  askName: 'Thanks! Could you also tell me your name, so our agent knows who to contact?',
  askContactAgain:
    "Sorry, that doesn't look like a valid phone number or email address. Could you type it again, for example 512-555-0100 or name@example.com?",
  leadRecorded: 'Thank you! Someone from our team will contact you shortly.',
  whoAmI: (name) =>
    `I'm ${name ? `${name}'s` : 'a'} virtual assistant, an AI chatbot (not a person). I can search our listings, answer questions about a home, and connect you with an agent.`,
  bye: 'Goodbye, and thanks for stopping by! Come back any time.',
  injection:
    "I can't change how I work, but I'm happy to help you with our homes: tell me a city, a budget or what you're looking for.",
  refPastEnd: (n) =>
    n
      ? `I only showed ${n} ${n === 1 ? 'listing' : 'listings'}; which one do you mean?`
      : "I haven't shown any listings yet.",
  noEarlierList: "I haven't shown any listings yet: tell me what you're looking for.",
  noMore: "That's all of them: there are no more matches.",
  moreIntro: (n) => `Here ${n === 1 ? 'is 1 more' : `are ${n} more`}:`,
  showingSorted: (n, sort) => `Here ${n === 1 ? 'is the' : `are the ${n}`} ${SORTED[sort] ?? 'first'}:`,
  yes: 'Yes',
  no: 'No',
  hasFeature: (f, has) => `${has ? 'Yes' : 'No'}, it ${has ? 'has' : "doesn't list"} ${FEATURES[f] ?? f}.`,
  compare: (winner, other, by, [a, b]) => {
    const word = { price: 'cheaper', area: 'bigger', lot: 'on the bigger lot', year: 'newer' }[by];
    return `${winner} is ${word}: ${a}, against ${b} for ${other}.`;
  },
  featureName: (f) => FEATURES[f] ?? f,
  typeName: typeNamer(TYPES, OR, NOT),
  area: (min, max) =>
    min && max ? `between ${min} and ${max}` : min ? `over ${min}` : max ? `under ${max}` : undefined,
  lot: (min, max) =>
    min && max
      ? `with a lot between ${min} and ${max}`
      : min
        ? `with a lot over ${min}`
        : max
          ? `with a lot under ${max}`
          : undefined,
  year: (min, max) =>
    min && max
      ? `built ${min}–${max}`
      : min
        ? `built in ${min} or later`
        : max
          ? `built in ${max} or earlier`
          : undefined,
  hoa: (max, none) => (none ? 'no HOA' : max ? `HOA up to ${max}/month` : undefined),
};
