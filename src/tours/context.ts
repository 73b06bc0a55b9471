// What every tour verb resolves first: the session and its chatbot (a visitor key reaches its
// own session only; another workspace's is not found), the listing named by MLS number, and
// who a showing's notices go to.
import { findSession } from '../chat/index.ts';
import { type Chatbot, findChatbotById } from '../chatbots/index.ts';
import { Conflict, NotFound } from '../errors.ts';
import type { Principal } from '../http/auth.ts';
import { webhooksFor } from '../leads/index.ts';
import { findListingByKey, type Listing } from '../listings/index.ts';
import { userInWorkspace } from '../users/index.ts';
import { signingSecretOf } from '../workspaces/index.ts';
import { availabilityOf } from './availability.ts';
import type { TourDeps } from './deps.ts';
import type { NoticeContext } from './notices.ts';
import { type Appointment, findAvailability } from './repo.ts';
import type { SlotReads } from './slot-reads.ts';

export async function sessionChatbot(deps: TourDeps, principal: Principal, sessionId: number): Promise<Chatbot> {
  const db = deps.db.kysely;
  const session = await findSession(db, principal.workspaceId, sessionId);
  if (!session || (principal.kind === 'visitor' && principal.sessionId !== sessionId)) {
    throw new NotFound(`session ${sessionId}`);
  }
  const chatbot = await findChatbotById(db, session.chatbot_id);
  if (!chatbot || chatbot.workspaceId !== principal.workspaceId) throw new NotFound(`session ${sessionId}`);
  return chatbot;
}

/** sessionChatbot, read through a request's slot reads (slot-reads.ts). */
export async function cachedSessionChatbot(
  reads: SlotReads,
  principal: Principal,
  sessionId: number,
): Promise<Chatbot> {
  if (principal.kind === 'visitor' && principal.sessionId !== sessionId) throw new NotFound(`session ${sessionId}`);
  const chatbot = await reads.chatbot(await reads.sessionChatbotId(principal.workspaceId, sessionId));
  if (!chatbot || chatbot.workspaceId !== principal.workspaceId) throw new NotFound(`session ${sessionId}`);
  return chatbot;
}

/** The chatbot's availability; none set means no hours, so no slots. */
export async function availabilityFor(deps: TourDeps, chatbotId: number) {
  return (await findAvailability(deps.db.kysely, chatbotId)) ?? availabilityOf({ Hours: [] });
}

/** The listing a showing is for: one of the chatbot's, on the market. Null without an MLS number. */
export async function showableListing(deps: TourDeps, chatbot: Chatbot, mlsNumber: string | undefined) {
  const mls = mlsNumber?.trim();
  if (!mls) return null;
  const owner = { workspaceId: chatbot.workspaceId, chatbotId: chatbot.id };
  const listing: Listing | undefined = await findListingByKey(deps.db.kysely, owner, 'MLSNumber', mls, false);
  if (!listing) throw new NotFound(`listing with MLSNumber "${mls}"`);
  if (listing.status === 'Sold')
    throw new Conflict(`MLSNumber: listing "${mls}" is sold; showings are for listings on the market`);
  return listing;
}

/** The listing's address as a visitor finds it: street, city, state. */
export function addressOf(listing: Listing | null): string {
  if (!listing) return '';
  return [listing.address, listing.city, listing.state].filter((p) => p?.trim()).join(', ');
}

function addresses(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The assigned agent's e-mail, else the chatbot's TalkToHumanEmail addresses. */
export async function staffOf(deps: TourDeps, chatbot: Chatbot, assignedUserId: number | null): Promise<string[]> {
  if (assignedUserId !== null) {
    const user = await userInWorkspace(deps.db, chatbot.workspaceId, assignedUserId).catch(() => null);
    if (user) return [user.email];
  }
  return addresses(chatbot.settings.TalkToHumanEmail);
}

/**
 * Everything a change's notices need (the webhooks of `event`; none for null), read before its transaction (SQLite's one connection is
 * the transaction's while it runs).
 */
export async function noticeContext(
  deps: TourDeps,
  chatbot: Chatbot,
  event: string | null,
  assignedUserId: number | null,
  locale: string,
): Promise<NoticeContext> {
  const db = deps.db.kysely;
  const [secret, webhooks, staff] = await Promise.all([
    signingSecretOf(db, chatbot.workspaceId),
    event ? webhooksFor(db, chatbot.workspaceId, event) : [],
    staffOf(deps, chatbot, assignedUserId),
  ]);
  return {
    publicUrl: deps.publicUrl,
    mailFrom: deps.mailFrom,
    chatbot,
    secret,
    staff,
    webhooks,
    locale,
    now: deps.clock(),
  };
}

/** The chatbot an appointment belongs to (the manage link, the console). */
export async function chatbotOf(deps: TourDeps, a: Appointment): Promise<Chatbot> {
  const chatbot = await findChatbotById(deps.db.kysely, a.chatbot_id);
  if (!chatbot || chatbot.workspaceId !== a.workspace_id) throw new NotFound(`appointment ${a.id}`);
  return chatbot;
}
