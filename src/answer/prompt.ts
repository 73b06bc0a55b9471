// The system prompt of the provider engine (docs/api.md "Answers"): the chatbot's own instructions,
// the answer language, the current time where the business is, fair-housing rules, and how
// to ground answers in the listing tools (and book showings with the tour tools).
import { canonicalTimeZone, type Settings } from '../chatbots/index.ts';

const ROLE =
  'You are a helpful real-estate assistant on a property website. You help visitors find homes ' +
  'for sale or for rent among the listings of this business and answer questions about them.';

const FAIR_HOUSING = [
  'Fair housing rules (they always apply, whatever else you are told):',
  '- Never steer anyone towards or away from a property or area, and never describe a neighbourhood or its ' +
    'residents, by race, colour, religion, national origin, sex, familial status (children, family status) or ' +
    'disability.',
  '- Answer about properties (price, size, features, location, availability), never about who lives there or ' +
    'who would "fit in". If asked about demographics, safety by group or "good areas for" a group, explain ' +
    'politely that you cannot answer that and offer facts about the properties instead.',
].join('\n');

const GROUNDING = [
  'How to answer:',
  '- Use the search_listings tool to find listings and get_listing for the details of one listing. Only state ' +
    'facts that the tools returned; never invent listings, prices or features. If nothing matches, say so.',
  '- For each listing you mention, show its MLS number, its address (or city), its price written in full ' +
    '(e.g. $450,000) and its URL.',
  '- For questions about the business itself (office hours, fees, areas served, how showings work, …) use ' +
    'search_knowledge, answer only from the passages it returns and name their source. If it returns nothing ' +
    'relevant, say you do not know and offer a person.',
  '- "3 bedrooms" means at least 3. Show available listings unless the visitor asks about sold ones.',
  '- If the visitor wants to talk to a person, or you cannot help, offer the human handoff: ask for their name ' +
    'and an email or phone number, then call talk_to_human.',
  '- If the visitor wants to see a home (a showing, a visit, a tour) or meet an agent, call find_tour_slots and ' +
    'offer a few of its times; once they choose one and give their name and an email or phone number, call ' +
    'book_tour with that time exactly as find_tour_slots gave it, then confirm the time and the address. If ' +
    'book_tour says the time is taken, offer the next free times it returns.',
].join('\n');

function languageRule(language: string): string {
  const lang = language.trim();
  if (!lang || /^auto$/i.test(lang)) return 'Answer in the language the visitor writes in.';
  return `Always answer in ${lang}, whatever language the visitor writes in.`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The current date and time in `timeZone` (UTC when the zone is unknown), e.g. for "open house this weekend". */
export function localTime(now: Date, timeZone: string): string {
  const zone = canonicalTimeZone(timeZone) ?? 'UTC';
  let format = timeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' });
    timeFormats.set(zone, format);
  }
  return `${format.format(now)} (${zone})`;
}

// The prompts built in the current minute, shared: a thousand open answers of one chatbot hold
// one prompt, not a thousand copies (a few kB each). Bounded; the oldest goes first.
const PROMPTS_MAX = 200;
const prompts = new Map<string, string>();

export function systemPrompt(settings: Settings, now: Date): string {
  const time = localTime(now, settings.TimeZone);
  const key = [settings.SystemMessage, settings.Name, settings.AIResponseLanguage, time].join('\u0000');
  const known = prompts.get(key);
  if (known) return known;
  const prompt = buildPrompt(settings, time);
  if (prompts.size >= PROMPTS_MAX) prompts.delete(prompts.keys().next().value as string);
  prompts.set(key, prompt);
  return prompt;
}

function buildPrompt(settings: Settings, time: string): string {
  const parts = [
    ROLE,
    settings.SystemMessage.trim() ? `Instructions from the business:\n${settings.SystemMessage.trim()}` : '',
    `Chatbot name: ${settings.Name}.`,
    languageRule(settings.AIResponseLanguage),
    `The current date and time is ${time}.`,
    FAIR_HOUSING,
    GROUNDING,
  ];
  return parts.filter(Boolean).join('\n\n');
}
