// The widget's public operations: no workspace credential, so the chatbot's serial number
// and its domain rule are the only gates; a visitor key opens exactly one session.
import type { Kysely } from 'kysely';
import { sessionRules, type VisitorOrigin } from '../abuse/index.ts';
import { findSession } from '../chat/index.ts';
import { findChatbotById, findChatbotBySerial } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import { chatbotImageName } from '../files/index.ts';
import type { Principal } from '../http/auth.ts';
import { findPrincipal } from '../workspaces/index.ts';
import { checkDomain, type SiteHeaders } from './domains.ts';
import { publicConfig } from './public-config.ts';
import { openVisitorSession } from './repo.ts';
import type { PublicConfigData } from './schemas.ts';

export interface WidgetContext {
  db: Kysely<Database>;
  now: Date;
  /** Where the request came from, for the abuse limits on opening sessions; none when absent. */
  visitor?: VisitorOrigin;
}

/**
 * GetConfig: the chatbot's public settings and a session for the visitor. A page that
 * still holds a visitor key of this chatbot (reload, next page of the site) presents it
 * and keeps its session instead of opening a new one each page view.
 */
export async function widgetConfig(
  ctx: WidgetContext,
  serialNumber: string,
  site: SiteHeaders,
  presentedKey: string | null,
  pageUri: string | null = null,
): Promise<PublicConfigData> {
  const bot = await findChatbotBySerial(ctx.db, serialNumber);
  if (!bot) throw new NotFound(`chatbot "${serialNumber}"`);
  checkDomain(bot.settings, bot.serialNumber, site);
  const kept = presentedKey ? await keptSession(ctx, presentedKey, bot.id) : null;
  const visitor = kept
    ? { sessionId: kept.id, sessionKey: presentedKey ?? '', mode: kept.mode }
    : await openVisitorSession(
        ctx.db,
        bot.workspaceId,
        bot.id,
        ctx.now,
        pageUri,
        ctx.visitor ? sessionRules(ctx.visitor, bot.id) : [],
      );
  const names = {
    picture: await chatbotImageName(ctx.db, bot.workspaceId, bot.settings.ChatProfilePicture),
    icon: await chatbotImageName(ctx.db, bot.workspaceId, bot.settings.ChatIcon),
  };
  return publicConfig(bot, visitor, names);
}

async function keptSession(ctx: WidgetContext, key: string, chatbotId: number) {
  const p = await findPrincipal(ctx.db, key);
  if (p?.kind !== 'visitor') return null;
  const session = await findSession(ctx.db, p.workspaceId, p.sessionId);
  return session && session.chatbot_id === chatbotId ? session : null;
}

/**
 * Every request made with a visitor key re-checks its chatbot's domain rule: a key
 * obtained on an allowed site is no use from another one.
 */
export async function checkVisitorSite(db: Kysely<Database>, principal: Principal, site: SiteHeaders): Promise<void> {
  if (principal.kind !== 'visitor') return;
  const session = await findSession(db, principal.workspaceId, principal.sessionId);
  const bot = session ? await findChatbotById(db, session.chatbot_id) : undefined;
  if (!bot) throw new NotFound(`session ${principal.sessionId}`);
  checkDomain(bot.settings, bot.serialNumber, site);
}
