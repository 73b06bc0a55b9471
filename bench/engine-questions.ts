// The fixed questions of the engine benchmark: searches (city, beds, price, type, features),
// counts, an average, details by MLS number and by street address, greetings and an
// off-topic one, and follow-ups that use the conversation state. MLS numbers and addresses are those of seeded listings (listing-fields.ts).
import { benchListing, CITIES } from './lib/listing-fields.ts';

export interface BenchQuestion {
  kind: 'search' | 'count' | 'average' | 'detail' | 'greeting' | 'offtopic' | 'followup';
  text: string;
}

/** Twenty-three questions (three follow-ups) over a chatbot seeded with `listings` bench listings (tag 'S'). */
export function benchQuestions(listings: number): BenchQuestion[] {
  const at = (fraction: number) => benchListing(Math.floor(listings * fraction), 'S');
  const [a, b, c] = [at(0.12345), at(0.54321), at(0.98765)];
  const [d, e] = [at(0.3131), at(0.7013)];
  const city = (i: number) => CITIES[i % CITIES.length];
  return [
    { kind: 'greeting', text: 'Hi there!' },
    { kind: 'search', text: `Any 3 bedroom homes for sale in ${city(2)} under $500k?` },
    // Follow-ups read and write the session's conversation state.
    { kind: 'followup', text: 'cheaper ones?' },
    { kind: 'followup', text: 'tell me about the second one' },
    { kind: 'followup', text: 'show me more' },
    { kind: 'search', text: `Show me condos for rent in ${city(4)}` },
    { kind: 'count', text: `How many homes do you have in ${city(8)}?` },
    { kind: 'detail', text: `Tell me about MLS ${a.MLSNumber}` },
    { kind: 'detail', text: `What about ${d.Address} in ${d.City}?` },
    { kind: 'search', text: `Cheapest 2 bed townhouse in ${city(6)}` },
    { kind: 'search', text: `Homes with a pool in ${city(7)} under $300,000` },
    { kind: 'search', text: `Do you have anything with 4 bedrooms and 2 baths in ${city(13)}?` },
    { kind: 'average', text: `What is the average price of homes in ${city(42)}?` },
    { kind: 'count', text: `How many condos for rent are there in ${city(28)}?` },
    { kind: 'search', text: `Single family homes in ${city(26)} between $200k and $400k` },
    { kind: 'greeting', text: 'Thanks!' },
    { kind: 'detail', text: `Is ${b.MLSNumber} still available?` },
    { kind: 'search', text: `Newest listings in ${city(49)}` },
    { kind: 'search', text: `Any homes with a garden in ${city(12)}?` },
    { kind: 'search', text: `Multi-family properties for sale in ${city(18)} with parking` },
    { kind: 'detail', text: `What year was ${c.MLSNumber} built and how big is the lot?` },
    { kind: 'detail', text: `How much is ${e.Address}, ${e.City}?` },
    { kind: 'offtopic', text: `What is the weather like in ${city(0)} today?` },
  ];
}
