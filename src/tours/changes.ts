// What happens to a booked showing afterwards: cancelled, moved to another slot, or given to an
// agent. The same verbs serve the visitor's session (CancelTour, RescheduleTour), the signed
// manage link and the console. Each runs in one transaction with the appointment's notices
// (a CANCEL, or a REQUEST with a higher SEQUENCE); a reschedule also locks the chatbot's
// availability as a booking does, so capacity holds.
import { bookingRules, enforceAbuseRules, type VisitorOrigin } from '../abuse/index.ts';
import type { Chatbot } from '../chatbots/index.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { userInWorkspace } from '../users/index.ts';
import { reminderTime, requireSlot, SlotFull, slotTaken, startOf } from './booking.ts';
import { availabilityFor, noticeContext } from './context.ts';
import type { TourDeps } from './deps.ts';
import { queueAssignment, queueNotices } from './notices.ts';
import { type Appointment, findAppointment, lockAvailability, updateAppointment } from './repo.ts';
import { overlappingCount } from './repo-slots.ts';
import { slotAt } from './slots.ts';

const MINUTE = 60_000;

/** The appointment, still to come and booked; 409 when it is cancelled or has begun. */
function stillBooked(a: Appointment | undefined, id: number, now: Date): Appointment {
  if (!a) throw new NotFound(`appointment ${id}`);
  if (a.status !== 'booked') throw new Conflict(`AppointmentID: showing ${id} is already cancelled`);
  if (Date.parse(a.start_at) <= now.getTime()) throw new Conflict(`AppointmentID: showing ${id} has already begun`);
  return a;
}

export async function cancelAppointment(deps: TourDeps, chatbot: Chatbot, before: Appointment): Promise<Appointment> {
  const ctx = await noticeContext(deps, chatbot, 'appointment.cancelled', before.assigned_user_id, before.locale);
  const now = ctx.now;
  const cancelled = await deps.db.kysely.transaction().execute(async (trx) => {
    stillBooked(await findAppointment(trx, before.workspace_id, before.id, true), before.id, now);
    const row = await updateAppointment(
      trx,
      before.workspace_id,
      before.id,
      { status: 'cancelled', remind_at: null, raiseSequence: true },
      now,
    );
    if (!row) throw new Conflict(`AppointmentID: showing ${before.id} is already cancelled`);
    await queueNotices(trx, row, 'cancelled', ctx);
    return row;
  });
  deps.onQueued?.();
  return cancelled;
}

export async function rescheduleAppointment(
  deps: TourDeps,
  chatbot: Chatbot,
  before: Appointment,
  startText: string,
  visitor: VisitorOrigin | null,
): Promise<Appointment> {
  const start = startOf('Start', startText);
  stillBooked(before, before.id, deps.clock());
  if (start === Date.parse(before.start_at)) throw new Invalid('Start', 'is the time the showing already has');
  const a = await availabilityFor(deps, chatbot.id);
  const slot = await requireSlot(deps, chatbot, a, start, before.locale);
  const ctx = await noticeContext(deps, chatbot, 'appointment.rescheduled', before.assigned_user_id, before.locale);
  const now = ctx.now;
  let moved: Appointment;
  try {
    moved = await deps.db.kysely.transaction().execute(async (trx) => {
      const locked = (await lockAvailability(trx, chatbot.id)) ?? a;
      stillBooked(await findAppointment(trx, before.workspace_id, before.id, true), before.id, now);
      const current = slotAt(locked, chatbot.settings.TimeZone, now.getTime(), start);
      if (!current.slot) throw new Conflict('Start: the showing hours changed meanwhile; ask for the slots again');
      if (visitor) await enforceAbuseRules(trx, bookingRules(visitor, chatbot.id), now);
      const near = await overlappingCount(trx, chatbot.id, current.slot, locked.bufferMinutes * MINUTE, before.id);
      if (near >= locked.capacity) throw new SlotFull();
      const row = await updateAppointment(
        trx,
        before.workspace_id,
        before.id,
        {
          start_at: new Date(current.slot.start).toISOString(),
          end_at: new Date(current.slot.end).toISOString(),
          remind_at: reminderTime(locked, current.slot.start, now),
          raiseSequence: true,
        },
        now,
      );
      if (!row) throw new Conflict(`AppointmentID: showing ${before.id} is already cancelled`);
      await queueNotices(trx, row, 'rescheduled', ctx);
      return row;
    });
  } catch (err) {
    if (err instanceof SlotFull) throw await slotTaken(deps, chatbot, a, slot, before.locale);
    throw err;
  }
  deps.onQueued?.();
  return moved;
}

/** Gives the showing to a console user (null: back to TalkToHumanEmail); they get the invitation. */
export async function assignAppointment(
  deps: TourDeps,
  chatbot: Chatbot,
  before: Appointment,
  userId: number | null,
): Promise<Appointment> {
  if (userId !== null) await userInWorkspace(deps.db, before.workspace_id, userId);
  const ctx = await noticeContext(deps, chatbot, null, userId, before.locale);
  const assigned = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await updateAppointment(trx, before.workspace_id, before.id, { assigned_user_id: userId }, ctx.now);
    if (!row) throw new Conflict(`AppointmentID: showing ${before.id} is cancelled`);
    if (userId !== null && row.start_at > ctx.now.toISOString()) await queueAssignment(trx, row, ctx);
    return row;
  });
  deps.onQueued?.();
  return assigned;
}
