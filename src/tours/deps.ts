// What the tours feature runs with, wired by app.ts.
import type { AbuseLimits } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { LiveBus } from '../live/index.ts';

export interface TourDeps {
  db: Db;
  clock: () => Date;
  /** Where visitors reach Parlor: manage links and calendar files are under it. */
  publicUrl: string;
  /** PARLOR_MAIL_FROM: the invitations' ORGANIZER. */
  mailFrom: string;
  /** Whether SMS can be sent (Twilio configured): reminders then also go by SMS to a visitor's phone. */
  sms: boolean;
  /** Called once notifications are queued, so that the outbox worker sends them at once. */
  onQueued?: () => void;
  /** Limits on bookings from widget visitors (abuse/); none when absent. */
  abuse?: AbuseLimits;
  /** Tells the console that a session changed (live/): a booking shows in its conversation. */
  live?: LiveBus;
}
