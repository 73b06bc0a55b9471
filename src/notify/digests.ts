// The daily digests (notify/README.md): each chatbot, once its local time has passed the digest
// hour, gets yesterday's (its local calendar day) conversations and leads queued. The
// outbox's unique dedupe key makes "once" hold with several instances ticking at once; a
// day with nothing to tell queues nothing (a 'skipped' marker, so it is not looked at again).
import type { Kysely } from 'kysely';
import { messagesBetween, type TranscriptMessage } from '../chat/index.ts';
import { allChatbots, type ChatbotSettings } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import { leadsBetween, webhooksFor, workspacesWithWebhook } from '../leads/index.ts';
import { enqueue, outboxKeyExists } from '../outbox/index.ts';
import { appointmentsOfLeadsFor } from '../tours/index.ts';
import { chatLogDigest, conversationDailyBody, leadDigest } from './digest-emails.ts';
import { latestDueDay, localDayRange } from './local-day.ts';

/** A digest holds at most this many messages (or leads); the rest are a GetMessages away. */
const MAX_ITEMS = 2000;

export interface DigestOptions {
  digestHour: number;
  publicUrl: string;
  /** Only these workspaces (tests sharing one database); all when absent. */
  workspaceIds?: readonly number[];
}

export async function queueDueDigests(db: Kysely<Database>, opts: DigestOptions, now: Date): Promise<number> {
  const bots = await allChatbots(db, opts.workspaceIds);
  const withHooks = await workspacesWithWebhook(db, 'conversation.daily');
  let queued = 0;
  for (const bot of bots) {
    const s = bot.settings;
    if (!s.EmailForDailyChatLogs && !s.EmailForDailyLeads && !withHooks.has(bot.workspaceId)) continue;
    queued += await queueChatbotDigests(db, bot, opts, now, withHooks.has(bot.workspaceId));
  }
  return queued;
}

async function queueChatbotDigests(
  db: Kysely<Database>,
  bot: ChatbotSettings,
  opts: DigestOptions,
  now: Date,
  hasHooks: boolean,
): Promise<number> {
  const day = latestDueDay(now, bot.settings.TimeZone, opts.digestHour);
  const { from, to } = localDayRange(day, bot.settings.TimeZone);
  let messages: TranscriptMessage[] | undefined;
  const dayMessages = async () => {
    messages ??= await messagesBetween(db, bot.workspaceId, bot.id, from, to, MAX_ITEMS + 1);
    return messages;
  };
  let queued = 0;

  if (bot.settings.EmailForDailyChatLogs) {
    const key = `digest:chatlogs:${bot.id}:${day}`;
    if (!(await outboxKeyExists(db, key))) {
      const list = await dayMessages();
      const email = list.length
        ? chatLogDigest(bot, day, list.slice(0, MAX_ITEMS), opts.publicUrl, list.length > MAX_ITEMS)
        : null;
      if ((await enqueue(db, bot.workspaceId, key, email, now)) && email) queued++;
    }
  }

  if (bot.settings.EmailForDailyLeads) {
    const key = `digest:leads:${bot.id}:${day}`;
    if (!(await outboxKeyExists(db, key))) {
      const leads = await leadsBetween(db, bot.workspaceId, bot.id, from, to, MAX_ITEMS);
      const showings = leads.some((l) => l.type === 'Appointment')
        ? await appointmentsOfLeadsFor(db)(
            bot.workspaceId,
            leads.map((l) => l.id),
          )
        : new Map();
      const email = leads.length ? leadDigest(bot, day, leads, showings) : null;
      if ((await enqueue(db, bot.workspaceId, key, email, now)) && email) queued++;
    }
  }

  if (hasHooks) {
    for (const hook of await webhooksFor(db, bot.workspaceId, 'conversation.daily')) {
      const key = `digest:webhook:${hook.id}:${bot.id}:${day}`;
      if (await outboxKeyExists(db, key)) continue;
      const list = await dayMessages();
      const payload = list.length
        ? {
            kind: 'webhook' as const,
            url: hook.url,
            event: 'conversation.daily',
            body: conversationDailyBody(bot, day, list.slice(0, MAX_ITEMS)),
          }
        : null;
      if ((await enqueue(db, bot.workspaceId, key, payload, now)) && payload) queued++;
    }
  }
  return queued;
}
