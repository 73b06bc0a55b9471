// The MCP tools (docs/mcp.md, "Tools"): their JSON Schemas come from the TypeBox schemas of
// the model's tools (answer/tool-inputs.ts, the shared listing filter), their descriptions are
// written for a model and each ends with the fair-housing rules. Arguments are checked with
// Ajv before a tool runs; a failure names the field (mcp/server.ts turns it into InvalidParams).
import type { Static, TSchema } from 'typebox';
import {
  bookTourInput,
  filterOf,
  getInput,
  given,
  handoffInput,
  knowledgeInput,
  pageOf,
  searchInput,
  tourSlotsInput,
} from '../answer/index.ts';
import { Invalid } from '../errors.ts';
import type { ListingFilter } from '../listings/index.ts';
import {
  listingDetail,
  listingSummary,
  listingText,
  passagesText,
  result,
  searchText,
  slotsText,
  type ToolResult,
  toolError,
} from './results.ts';
import type { ToolContext } from './tool-context.ts';

export const FAIR_HOUSING =
  'Fair housing: describe homes, never people. Do not steer, filter, rank or describe listings or areas by ' +
  'race, colour, religion, national origin, sex, gender identity, sexual orientation, familial status, ' +
  'disability, age, source of income or any other class protected by law, nor by proxies for them ("safe", ' +
  '"family-friendly", "good schools" as a judgement of who lives there). Answer such questions with the facts ' +
  'of the home and point to neutral public sources.';

interface McpTool<T extends TSchema> {
  title: string;
  description: string;
  input: T;
  writes: boolean;
  run(ctx: ToolContext, input: Static<T>): Promise<ToolResult>;
}
const tool = <T extends TSchema>(t: McpTool<T>) => t;

const SLOTS_SHOWN = 12;

export const MCP_TOOLS = {
  search_listings: tool({
    title: 'Search listings',
    description:
      "Searches the brokerage's own listings: place (city), for sale or for rent, price, bedrooms, bathrooms, " +
      'living area, lot, year built, HOA, property types, features, sort and page. Returns the total that match ' +
      "and one page of them, each with its MLS number, address, price, key facts, photo URL and the listing's page. " +
      'Link the listing page when you show a home.',
    input: searchInput,
    writes: false,
    async run(ctx, input) {
      const page = pageOf(input);
      const { listings, total } = await ctx.listings.search(filterOf(input), page);
      const pageNumber = page.offset / page.limit + 1;
      const found = listings.map(listingSummary);
      return result(searchText(ctx.brokerage, total, pageNumber, found), {
        brokerage: ctx.brokerage,
        total,
        page: pageNumber,
        pageSize: page.limit,
        listings: found,
      });
    },
  }),
  get_listing: tool({
    title: 'Get a listing',
    description:
      'Every detail of one listing of the brokerage (description, HOA, year built, lot, parking, photos, page), ' +
      'by its MLS number, its URL or its ID.',
    input: getInput,
    writes: false,
    async run(ctx, input) {
      const mlsNumber = given(input.mlsNumber)?.trim();
      const url = given(input.url)?.trim();
      const id = given(input.id);
      if (!mlsNumber && !url && !id) throw new Invalid('arguments', 'give mlsNumber, url or id');
      const filter: ListingFilter = mlsNumber ? { mlsNumber } : url ? { url } : { id: id ?? 0 };
      const { listings } = await ctx.listings.search(filter, { sort: 'Newest', offset: 0, limit: 1 });
      const l = listings[0];
      if (!l) return toolError(`${ctx.brokerage} has no listing with that MLS number, URL or ID.`, { found: false });
      return result(listingText(ctx.brokerage, l), {
        brokerage: ctx.brokerage,
        found: true,
        listing: listingDetail(l),
      });
    },
  }),
  search_knowledge: tool({
    title: 'Search what the brokerage wrote',
    description:
      'Searches what the brokerage wrote about itself: office hours, fees, areas served, how showings and ' +
      'applications work. Returns the best passages with their source; answer from them and name the source.',
    input: knowledgeInput,
    writes: false,
    async run(ctx, input) {
      const passages = await ctx.passages(input.query, input.limit ?? 3);
      return result(passagesText(ctx.brokerage, passages), { brokerage: ctx.brokerage, passages });
    },
  }),
  find_tour_slots: tool({
    title: 'Find showing times',
    description:
      'Free times to see a listing (a showing) or to meet an agent, in the brokerage’s time zone. Offer a few of ' +
      'them to the person, then call book_tour with the start they choose.',
    input: tourSlotsInput,
    writes: false,
    async run(ctx, input) {
      if (!ctx.desk) return toolError('Showings cannot be booked online with this brokerage.', { available: false });
      const answer = await ctx.desk(0).slots({
        mlsNumber: given(input.mlsNumber)?.trim() || undefined,
        from: given(input.date) ?? undefined,
        days: given(input.days) ?? 7,
      });
      if (!answer.ok) return toolError(answer.reason, { available: false });
      const slots = answer.slots.slice(0, SLOTS_SHOWN);
      return result(slotsText(answer.timeZone, slots), {
        brokerage: ctx.brokerage,
        available: slots.length > 0,
        timeZone: answer.timeZone,
        listing: answer.mlsNumber ? { mlsNumber: answer.mlsNumber, address: answer.address } : null,
        slots,
        more: Math.max(0, answer.slots.length - SLOTS_SHOWN),
      });
    },
  }),
  book_tour: tool({
    title: 'Book a showing',
    description:
      'Books a showing at a start find_tour_slots returned (exactly as it gave it), with the person’s name and an ' +
      'email or a phone number, which they must have agreed to share. The brokerage gets it as an appointment ' +
      'and the person a calendar invite with a link to cancel or reschedule.',
    input: bookTourInput,
    writes: true,
    async run(ctx, input) {
      if (!ctx.desk) return toolError('Showings cannot be booked online with this brokerage.', { booked: false });
      const email = given(input.email)?.trim() ?? '';
      const phone = given(input.phone)?.trim() ?? '';
      if (!email && !phone) throw new Invalid('arguments.email', 'give an email or a phone number');
      await ctx.countWrite();
      const sessionId = await ctx.openConversation();
      const answer = await ctx.desk(sessionId).book({
        start: input.start.trim(),
        mlsNumber: given(input.mlsNumber)?.trim() || undefined,
        name: input.name.trim(),
        email,
        phone,
        message: given(input.message)?.trim() ?? '',
      });
      if (!answer.ok) {
        return toolError(`Not booked: ${answer.reason}`, {
          booked: false,
          reason: answer.reason,
          nextSlots: answer.nextSlots,
        });
      }
      const a = answer.appointment;
      const where = a.Address ? ` at ${a.Address}` : '';
      return result(`Booked: ${a.Label}${where}. Manage or cancel: ${a.ManageUrl}`, {
        brokerage: ctx.brokerage,
        booked: true,
        appointment: a,
      });
    },
  }),
  contact_agent: tool({
    title: 'Contact an agent',
    description:
      'Sends the person’s request to an agent of the brokerage, with their name and an email or a phone number ' +
      'they agreed to share, and what they want (a listing’s MLS number helps). An agent follows up.',
    input: handoffInput,
    writes: true,
    async run(ctx, input) {
      if (!ctx.contact) return toolError('This brokerage cannot be contacted here.', { sent: false });
      const lead = {
        name: given(input.name)?.trim() ?? '',
        email: given(input.email)?.trim() ?? '',
        phone: given(input.phone)?.trim() ?? '',
        message: given(input.message)?.trim() ?? '',
      };
      if (!lead.name) throw new Invalid('arguments.name', 'must not be empty');
      if (!lead.email && !lead.phone) throw new Invalid('arguments.email', 'give an email or a phone number');
      await ctx.countWrite();
      const sessionId = await ctx.openConversation();
      const message = await ctx.contact(sessionId, lead);
      return result(message, { brokerage: ctx.brokerage, sent: true, message });
    },
  }),
};

export type McpToolName = keyof typeof MCP_TOOLS;
export const isMcpTool = (name: string): name is McpToolName => Object.hasOwn(MCP_TOOLS, name);
