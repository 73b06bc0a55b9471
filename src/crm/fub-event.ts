// A lead as a Follow Up Boss event (docs/crm.md), the body of POST /v1/events as Follow Up Boss's
// API reference documents it ("Send in a lead or an event related to a lead"): `source`,
// `system`, `type`, `message`, `description`, `person` (firstName, lastName, emails, phones,
// tags, custom fields), `property` (street, city, state, code, mlsNumber, price, forRent, url,
// type, bedrooms, bathrooms) and `occurredAt`. Only this endpoint runs Follow Up Boss's
// deduplication, lead flow routing, notifications and action plans, which is why leads go here
// and not to /v1/people. The type: `Property Inquiry` when a listing is attached, `Seller
// Inquiry` for a seller, else `General Inquiry` (the three that start action plans).
import type { Qualification } from '../answer/index.ts';
import type { Listing } from '../listings/index.ts';

export type FubEventType = 'Property Inquiry' | 'Seller Inquiry' | 'General Inquiry';

export interface CrmLead {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
  sessionId: number | null;
  qualification: Qualification;
  /** The lines a person reads first: the qualification (leads/), and a showing's time. */
  summary: [string, string][];
}

export interface CrmEventContext {
  lead: CrmLead;
  chatbotName: string;
  systemName: string;
  /** The listing asked about, as it was when the lead came in. */
  listing: Listing | null;
  /** The conversation in the console; null when the lead has no session. */
  conversationUrl: string | null;
  /** When it happened, if not when the lead came in (a later update of the lead). */
  occurredAt?: string;
}

export function eventTypeOf(lead: CrmLead, listing: Listing | null): FubEventType {
  if (listing) return 'Property Inquiry';
  return lead.qualification.intent === 'sell' ? 'Seller Inquiry' : 'General Inquiry';
}

/** "Jane van Doe" → Jane / van Doe: the first word is the given name. */
function names(full: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

function propertyOf(l: Listing) {
  const price = l.sale_type === 'for_rent' ? (l.rent_price ?? l.price) : (l.sale_price ?? l.price);
  return {
    street: l.address ?? '',
    city: l.city ?? '',
    state: l.state ?? '',
    code: l.zip ?? '',
    mlsNumber: l.mls_number,
    ...(price !== null && price !== undefined ? { price } : {}),
    forRent: l.sale_type === 'for_rent',
    url: l.url,
    type: l.property_type,
    bedrooms: l.bedrooms,
    bathrooms: l.bathrooms,
  };
}

/** The qualification as custom fields of the person (an account that defines them sees them). */
function customFields(q: Qualification): Record<string, string | number> {
  const fields: Record<string, string | number | null> = {
    customIntent: q.intent,
    customTimeline: q.timeline,
    customPreApproved: q.preApproved,
    customBudgetMin: q.budgetMin,
    customBudgetMax: q.budgetMax,
    customAreas: q.areas.join(', '),
    customPropertyType: q.propertyType,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((e): e is [string, string | number] => e[1] !== null && e[1] !== ''),
  );
}

export function followUpBossEvent(ctx: CrmEventContext) {
  const { lead, listing } = ctx;
  const q = lead.qualification;
  const description = [
    ...lead.summary.map(([k, v]) => `${k}: ${v}`),
    ...(ctx.conversationUrl ? [`Conversation: ${ctx.conversationUrl}`] : []),
  ].join('\n');
  return {
    source: ctx.chatbotName,
    system: ctx.systemName,
    type: eventTypeOf(lead, listing),
    message: lead.message,
    description,
    occurredAt: ctx.occurredAt ?? lead.createdAt,
    person: {
      ...names(lead.name),
      emails: lead.email ? [{ value: lead.email }] : [],
      phones: lead.phone ? [{ value: lead.phone }] : [],
      tags: [ctx.chatbotName, ...(q.intent ? [q.intent] : [])],
      ...(q.budgetMax !== null ? { price: q.budgetMax } : {}),
      ...customFields(q),
    },
    ...(listing ? { property: propertyOf(listing) } : {}),
    ...(ctx.conversationUrl ? { pageUrl: ctx.conversationUrl } : {}),
  };
}
