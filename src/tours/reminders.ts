// Reminders (docs/tours.md, "Invites and reminders"): a job every minute queues the reminders
// that have come due, each in one transaction that first takes it (remind_at cleared only if
// it still holds what was read) and then queues its e-mail, and its SMS when Twilio is
// configured and the visitor's phone is a valid number. The outbox's dedupe key (the showing
// and its start) is a second guard: however many instances run the job, a reminder is queued
// once, and the outbox worker sends each row once.
import { findChatbotById } from '../chatbots/index.ts';
import { enqueue } from '../outbox/index.ts';
import { startPeriodic } from '../periodic.ts';
import { phoneE164 } from './contact.ts';
import { noticeContext } from './context.ts';
import type { TourDeps } from './deps.ts';
import { tourTexts } from './mail-texts.ts';
import { linksOf, visitorEmail, whenOf } from './notices.ts';
import { dueReminders, takeReminder } from './repo-reminders.ts';

const BATCH = 100;

export interface ReminderOptions {
  /** Only these workspaces' appointments (tests sharing one database); all when absent. */
  workspaceIds?: readonly number[];
}

/** Queues every reminder due at `now`; answers how many this run queued. */
export async function queueDueReminders(deps: TourDeps, now: Date, opts: ReminderOptions = {}): Promise<number> {
  const db = deps.db.kysely;
  let queued = 0;
  for (let progress = true; progress; ) {
    const due = await dueReminders(db, now, BATCH, opts.workspaceIds);
    // Another full batch only when this one took something (each taken row leaves the due list).
    progress = false;
    for (const a of due) {
      const chatbot = await findChatbotById(db, a.chatbot_id);
      if (!chatbot) continue;
      const ctx = { ...(await noticeContext(deps, chatbot, null, null, a.locale)), now };
      const email = visitorEmail(a, 'reminder', ctx);
      const phone = deps.sms ? phoneE164(a.phone) : null;
      const t = tourTexts(a.locale);
      const took = await db.transaction().execute(async (trx) => {
        if (a.remind_at === null || !(await takeReminder(trx, a.id, a.remind_at))) return false;
        // A showing already begun (the server was down at the time) gets no reminder.
        if (Date.parse(a.start_at) <= now.getTime()) return false;
        const key = `tour:${a.id}:reminder:${a.start_at}`;
        if (email) await enqueue(trx, a.workspace_id, `${key}:email`, email, now);
        if (phone) {
          const body = t.sms(whenOf(a, chatbot.settings, a.locale), a.address, linksOf(a, ctx).manage);
          await enqueue(
            trx,
            a.workspace_id,
            `${key}:sms`,
            { kind: 'sms', to: phone, body, serialNumber: chatbot.serialNumber },
            now,
          );
        }
        return email !== null || phone !== null;
      });
      if (took) queued++;
      progress ||= due.length === BATCH;
    }
  }
  if (queued) deps.onQueued?.();
  return queued;
}

/** Runs the reminders every minute in the background; the returned function stops it. */
export function startReminders(deps: TourDeps, onError: (err: unknown) => void, everyMs = 60_000): () => void {
  return startPeriodic(() => queueDueReminders(deps, deps.clock()), everyMs, onError);
}
