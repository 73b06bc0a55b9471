// The tools the model gets (docs/api.md "Answers"), all over the chatbot's own listings (req.listings,
// the same search the builtin engine uses), its human handoff and its showings (tour-tools.ts).
// Outputs are plain JSON the model reads; listing data comes from listingRecord, the shape
// RealEstateList returns.
// Parameters are JSON Schema (TypeBox, tool-inputs.ts), sent to the provider as the tool
// definitions and checked with Ajv before a tool runs: a model's invalid arguments go back to
// it as an error.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Static, TSchema } from 'typebox';
import { featuresFromColumn, type Listing, type ListingFilter, listingRecord } from '../listings/index.ts';
import { formatMoney } from '../money.ts';
import type { AnswerRequest } from './engine.ts';
import type { ToolDefinition } from './openai/wire.ts';
import {
  filterOf,
  getInput,
  given,
  handoffInput,
  knowledgeInput,
  pageOf,
  qualificationOf,
  searchInput,
} from './tool-inputs.ts';
import { TOUR_TOOLS } from './tour-tools.ts';

/** The price as people read it, written in full: "$450,000". */
export function priceText(l: Listing): string {
  if (l.price === null) return '';
  return formatMoney(l.price, l.currency_symbol);
}

/** The facts a search result shows; get_listing gives the whole record. */
function summary(l: Listing) {
  const r = listingRecord(l);
  return {
    MLSNumber: r.MLSNumber,
    Address: r.Address,
    City: r.City,
    State: r.State,
    Price: priceText(l),
    SaleType: r.SaleType,
    Status: r.Status,
    PropertyType: r.PropertyType,
    Bedrooms: r.Bedrooms,
    Bathrooms: r.Bathrooms,
    Area: r.Area ? `${r.Area} ${r.AreaUnit}` : '',
    LotArea: l.lot_area ? `${r.LotArea} ${r.AreaUnit}` : '',
    YearBuilt: l.year_built ? r.YearBuilt : '',
    HOAMonth: r.HOAMonth,
    DaysOnMarket: r.DaysOnMarket,
    Features: featuresFromColumn(l.features),
    Url: r.Url,
  };
}

interface Tool<T extends TSchema> {
  description: string;
  parameters: T;
  execute(req: AnswerRequest, input: Static<T>): Promise<unknown>;
}

const tool = <T extends TSchema>(t: Tool<T>) => t;

const TOOLS = {
  search_listings: tool({
    description: "Searches this business's listings. Returns the total number of matches and up to `limit` of them.",
    parameters: searchInput,
    async execute(req, input) {
      const page = pageOf(input);
      const { listings, total } = await req.listings.search(filterOf(input), page);
      return { total, page: page.offset / page.limit + 1, listings: listings.map(summary) };
    },
  }),
  get_listing: tool({
    description:
      'All the details of one listing (HOA, year built, lot size, parking, description, …), by MLS number, URL or ID.',
    parameters: getInput,
    async execute(req, input) {
      const mlsNumber = given(input.mlsNumber)?.trim();
      const url = given(input.url)?.trim();
      const id = given(input.id);
      if (!mlsNumber && !url && !id) return { found: false, error: 'give an MLS number, a URL or an ID' };
      const filter: ListingFilter = mlsNumber ? { mlsNumber } : url ? { url } : { id: id ?? 0 };
      const { listings } = await req.listings.search(filter, { sort: 'Newest', offset: 0, limit: 1 });
      const l = listings[0];
      if (!l) return { found: false, error: 'no listing with that MLS number, URL or ID' };
      return { found: true, listing: { ...listingRecord(l), PriceText: priceText(l) } };
    },
  }),
  search_knowledge: tool({
    description:
      'Searches what the business wrote about itself (office hours, fees, areas served, how showings work, …). ' +
      'Returns the best passages with their source.',
    parameters: knowledgeInput,
    async execute(req, input) {
      if (!req.knowledgePassages) return { passages: [] };
      return { passages: await req.knowledgePassages(input.query, Math.min(input.limit ?? 3, 5)) };
    },
  }),
  talk_to_human: tool({
    description:
      'Hands the conversation to a person at the business. Call it when the visitor asks for a person, ' +
      'with their name and an email or phone number.',
    parameters: handoffInput,
    async execute(req, input) {
      if (!req.talkToHuman) return { ok: false, message: 'Talking to a person is not available for this chatbot.' };
      const lead = {
        name: given(input.name)?.trim() ?? '',
        email: given(input.email)?.trim() ?? '',
        phone: given(input.phone)?.trim() ?? '',
        message: given(input.message)?.trim() ?? '',
        qualification: qualificationOf(input),
      };
      if (!lead.email && !lead.phone) {
        return { ok: false, message: 'Ask the visitor for an email address or a phone number first.' };
      }
      return { ok: true, message: await req.talkToHuman(lead) };
    },
  }),
  find_tour_slots: tool(TOUR_TOOLS.find_tour_slots),
  book_tour: tool(TOUR_TOOLS.book_tour),
};

type ToolName = keyof typeof TOOLS;
const isToolName = (name: string): name is ToolName => Object.hasOwn(TOOLS, name);

/** The tools as the provider sees them: the same for every request. */
export const TOOL_DEFINITIONS: ToolDefinition[] = Object.entries(TOOLS).map(([name, t]) => ({
  type: 'function',
  function: { name, description: t.description, parameters: JSON.parse(JSON.stringify(t.parameters)) as object },
}));

const ajv = new Ajv({ allErrors: false, coerceTypes: false, strict: false });
const validators = new Map<ToolName, ValidateFunction>();

function validatorOf(name: ToolName): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    v = ajv.compile(TOOLS[name].parameters);
    validators.set(name, v);
  }
  return v;
}

function problem(name: string, e: ErrorObject | undefined): string {
  if (!e) return `invalid arguments for ${name}`;
  const field = e.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'arguments';
  const allowed =
    e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : '';
  return `invalid arguments for ${name}: ${field} ${e.message ?? 'is invalid'}${allowed}`;
}

/**
 * Runs one tool call of the model and answers what goes back to it, as JSON text. Unknown
 * tools, unparsable or invalid arguments and tool failures become `{ error }` for the model
 * to read, so that it can correct itself; the answer goes on.
 */
export async function runTool(req: AnswerRequest, name: string, args: string): Promise<string> {
  if (!isToolName(name)) return JSON.stringify({ error: `there is no tool named ${name}` });
  let input: unknown;
  try {
    input = args.trim() ? JSON.parse(args) : {};
  } catch {
    return JSON.stringify({ error: `the arguments for ${name} are not valid JSON` });
  }
  const valid = validatorOf(name);
  if (!valid(input)) return JSON.stringify({ error: problem(name, valid.errors?.[0]) });
  try {
    // Validated against the tool's own parameters just above.
    const output = await (TOOLS[name].execute as (r: AnswerRequest, i: unknown) => Promise<unknown>)(req, input);
    return JSON.stringify(output);
  } catch (err) {
    return JSON.stringify({ error: `${name} failed: ${err instanceof Error ? err.message : String(err)}` });
  }
}
