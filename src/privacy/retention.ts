// The retention sweep (docs/privacy.md): every few minutes, on every instance, each chatbot
// whose RetentionDays or LeadRetentionDays is set loses its conversations (with their messages,
// files and visitor keys) inactive for longer, and its leads and showings (with what is queued
// about them) older than that. A chatbot is claimed for its pass (repo.ts claimChatbot), so two
// instances never sweep it at once; its rows go in the eraser's batches (erase.ts), each a short
// transaction, and a pass stops after MAX_BATCHES (the next goes on). Each pass that removed
// something writes an audit row of the counts.

import { sessionsOlderThan } from '../chat/index.ts';
import { allChatbots, type ChatbotSettings } from '../chatbots/index.ts';
import { crmKey } from '../crm/index.ts';
import { checkpointAfterErasure } from '../db/scrub.ts';
import { leadsOlderThan } from '../leads/index.ts';
import { startPeriodic } from '../periodic.ts';
import { appointmentsOfSessionsOrLeads } from '../tours/index.ts';
import { type EraseDeps, removeTarget, SESSIONS_PER_BATCH } from './erase.ts';
import { outboxMatch } from './person.ts';
import { claimChatbot, insertAudit, releaseChatbot } from './repo.ts';
import type { Counts } from './steps.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** How long a claim holds: longer than a pass of MAX_BATCHES takes. */
const LEASE_MS = 10 * 60 * 1000;
/** A chatbot whose pass ended is swept again this much later. */
const SWEEP_AGAIN_MS = 60 * 60 * 1000;
const MAX_BATCHES = 200;
const LEADS_PER_BATCH = 200;

export interface RetentionOptions {
  /** Only these workspaces' chatbots (tests sharing one database); all when absent. */
  workspaceIds?: readonly number[];
  /** Batches per chatbot per pass. */
  maxBatches?: number;
}

function addAll(into: Counts, from: Counts): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

function hasAny(c: Counts): boolean {
  return Object.values(c).some((n) => n > 0);
}

/** Rests between batches as long as the batch took, so that requests go in between. */
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, ms)));

/** One chatbot's pass; answers what it removed and whether it went through (not stopped at its bound). */
async function sweepChatbot(
  deps: EraseDeps,
  bot: ChatbotSettings,
  now: Date,
  maxBatches: number,
): Promise<{ counts: Counts; done: boolean }> {
  const db = deps.db.kysely;
  const ws = bot.workspaceId;
  const counts: Counts = {};
  let batches = 0;
  const days = bot.settings.RetentionDays;
  if (days > 0) {
    const before = new Date(now.getTime() - days * DAY_MS).toISOString();
    for (; batches < maxBatches; batches++) {
      const started = performance.now();
      const sessions = await sessionsOlderThan(db, bot.id, before, SESSIONS_PER_BATCH);
      if (sessions.length === 0) break;
      const sessionIds = sessions.map((s) => s.id);
      const empty = { keyPrefixes: [], exactKeys: [], texts: [] };
      addAll(
        counts,
        await removeTarget(
          deps,
          { workspaceId: ws, sessionIds, leadIds: [], appointmentIds: [], outbox: empty },
          'retention',
        ),
      );
      await rest(performance.now() - started);
    }
  }
  const leadDays = bot.settings.LeadRetentionDays;
  if (leadDays > 0) {
    const before = new Date(now.getTime() - leadDays * DAY_MS).toISOString();
    for (; batches < maxBatches; batches++) {
      const started = performance.now();
      const leads = await leadsOlderThan(db, bot.id, before, LEADS_PER_BATCH);
      if (leads.length === 0) break;
      const leadIds = leads.map((l) => l.id);
      const appointmentIds = (await appointmentsOfSessionsOrLeads(db, ws, [], leadIds)).map((a) => a.id);
      // Only what is keyed to these leads and showings: their texts may be in others' digests.
      const { keyPrefixes } = outboxMatch({ email: null, phone: null }, [], leadIds, appointmentIds);
      const exactKeys = leadIds.map(crmKey);
      const target = {
        workspaceId: ws,
        sessionIds: [],
        leadIds,
        appointmentIds,
        outbox: { keyPrefixes, exactKeys, texts: [] },
      };
      addAll(counts, await removeTarget(deps, target, 'retention'));
      await rest(performance.now() - started);
    }
  }
  return { counts, done: batches < maxBatches };
}

/** One pass over every chatbot this instance can claim; answers the counts removed per chatbot ID. */
export async function sweepRetention(
  deps: EraseDeps,
  now: Date,
  o: RetentionOptions = {},
): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  for (const bot of await allChatbots(deps.db.kysely, o.workspaceIds)) {
    if (bot.settings.RetentionDays <= 0 && bot.settings.LeadRetentionDays <= 0) continue;
    const claimed = await claimChatbot(
      deps.db.kysely,
      bot.id,
      now,
      new Date(now.getTime() + LEASE_MS),
      new Date(now.getTime() - SWEEP_AGAIN_MS),
    );
    if (!claimed) continue;
    let done = false;
    try {
      const pass = await sweepChatbot(deps, bot, now, o.maxBatches ?? MAX_BATCHES);
      done = pass.done;
      if (hasAny(pass.counts)) {
        out.set(bot.id, pass.counts);
        await insertAudit(
          deps.db.kysely,
          {
            workspaceId: bot.workspaceId,
            chatbotId: bot.id,
            action: 'retention',
            actor: 'retention',
            counts: pass.counts,
          },
          deps.clock(),
        );
      }
    } finally {
      await releaseChatbot(deps.db.kysely, bot.id, deps.clock(), done);
    }
  }
  if (out.size > 0) await checkpointAfterErasure(deps.db);
  return out;
}

/** Runs the sweep every few minutes until the returned function is called. */
export function startRetentionSweeper(deps: EraseDeps, onError: (err: unknown) => void): () => void {
  return startPeriodic(() => sweepRetention(deps, deps.clock()), SWEEP_EVERY_MS, onError);
}
