import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// Showings booked from the chat (tours/, docs/tours.md):
// - tour_availability: one row per chatbot that takes bookings: weekly hours (JSON
//   [{Day, Start, End}] in the chatbot's TimeZone), the slot grid (slot and buffer minutes),
//   notice, horizon, capacity per slot, blocked dates (JSON ["YYYY-MM-DD"]), how long before a
//   showing its reminder goes and how many upcoming showings one visitor may hold. A booking
//   locks its chatbot's row (FOR UPDATE on PostgreSQL), so that bookings of one chatbot take
//   turns and capacity holds across instances.
// - appointments: a booked showing (or a call with an agent when no listing is named), with the
//   listing's MLS number, address and URL as they were when it was booked. status booked |
//   cancelled; sequence is the iCalendar SEQUENCE (raised by each reschedule and the cancel);
//   remind_at is when its reminder is due (null once queued or when there is none);
//   email_key/phone_key (lower-cased e-mail, phone in E.164 or its digits) count a visitor's
//   upcoming showings; locale is the visitor's language for what Parlor writes them.
//   Each appointment is a lead of Type Appointment: lead_id (tours/ removes both together).
//   (chatbot_id, status, start_at, end_at) serves the capacity check of a booking.
// - tour_slot_counts: the booked appointments of a chatbot per interval, kept by tours/repo.ts
//   in the transaction of every change to an appointment. A slot search reads one row per
//   interval of its window instead of every booking (bench/README.md, "Tours").
// - leads.type: 'Lead' or 'Appointment' (LeadList's Type).
// - messages.tour: for an answer, the slots it offered or the showing it booked (JSON).
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('tour_availability')
    .addColumn('chatbot_id', 'integer', (c) => c.primaryKey().references('chatbots.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('slot_minutes', 'integer', (c) => c.notNull())
    .addColumn('buffer_minutes', 'integer', (c) => c.notNull())
    .addColumn('notice_minutes', 'integer', (c) => c.notNull())
    .addColumn('horizon_days', 'integer', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('blocked_dates', 'text', (c) => c.notNull())
    .addColumn('reminder_minutes', 'integer', (c) => c.notNull())
    .addColumn('max_upcoming', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('appointments'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('session_id', 'integer')
    .addColumn('lead_id', 'integer', (c) => c.notNull())
    .addColumn('listing_id', 'integer')
    .addColumn('mls_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('listing_url', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('phone_key', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('assigned_user_id', 'integer')
    .addColumn('remind_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointments_slots')
    .on('appointments')
    .columns(['chatbot_id', 'status', 'start_at', 'end_at'])
    .execute();
  await db.schema
    .createTable('tour_slot_counts')
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('booked', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tour_slot_counts_pk', ['chatbot_id', 'start_at', 'end_at'])
    .execute();
  await db.schema.createIndex('appointments_remind').on('appointments').column('remind_at').execute();
  await db.schema.createIndex('appointments_lead').on('appointments').column('lead_id').execute();
  await db.schema.createIndex('appointments_session').on('appointments').column('session_id').execute();

  await db.schema
    .alterTable('leads')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('Lead'))
    .execute();
  await db.schema.alterTable('messages').addColumn('tour', 'text').execute();
}
