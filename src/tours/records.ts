// The API's records of appointments: the card a visitor sees (BookTour, an answer's Tour, the
// widget), and the staff's record (AppointmentList, the agenda).
import type { AppointmentCardData } from '../answer/index.ts';
import type { Settings } from '../chatbots/index.ts';
import type { AppointmentSummaryData } from '../leads/index.ts';
import { slotLabel } from './labels.ts';
import { calendarUrl, manageToken, manageUrl } from './manage-link.ts';
import type { Appointment } from './repo.ts';
import { isoWithOffset } from './zoned-time.ts';

export interface CardContext {
  publicUrl: string;
  /** The workspace's secret, which signs the manage link. */
  secret: string;
  settings: Settings;
  locale: string;
}

export function appointmentCard(a: Appointment, ctx: CardContext): AppointmentCardData {
  const tz = ctx.settings.TimeZone;
  const token = manageToken(ctx.secret, a.id, Date.parse(a.end_at));
  return {
    AppointmentID: a.id,
    Start: isoWithOffset(Date.parse(a.start_at), tz),
    End: isoWithOffset(Date.parse(a.end_at), tz),
    Label: slotLabel(Date.parse(a.start_at), tz, ctx.locale),
    Status: a.status,
    MLSNumber: a.mls_number,
    Address: a.address,
    ManageUrl: manageUrl(ctx.publicUrl, token),
    CalendarUrl: calendarUrl(ctx.publicUrl, token),
  };
}

/** AppointmentList's record (and the console's agenda). */
export function appointmentRecord(a: Appointment, settings: Settings) {
  const tz = settings.TimeZone;
  return {
    ID: a.id,
    SessionID: a.session_id,
    Start: isoWithOffset(Date.parse(a.start_at), tz),
    End: isoWithOffset(Date.parse(a.end_at), tz),
    Status: a.status,
    Name: a.name,
    Email: a.email,
    Phone: a.phone,
    MLSNumber: a.mls_number,
    Address: a.address,
    ListingUrl: a.listing_url,
    Message: a.message,
    LeadID: a.lead_id,
    AssignedUserID: a.assigned_user_id,
    Sequence: a.sequence,
    CreatedAt: a.created_at,
    UpdatedAt: a.updated_at,
  };
}

/** What a lead of type Appointment carries (LeadList, GetLeads). */
export function appointmentSummary(a: Appointment, settings: Settings): AppointmentSummaryData {
  const tz = settings.TimeZone;
  return {
    ID: a.id,
    Start: isoWithOffset(Date.parse(a.start_at), tz),
    End: isoWithOffset(Date.parse(a.end_at), tz),
    Status: a.status,
    MLSNumber: a.mls_number,
    Address: a.address,
    ListingUrl: a.listing_url,
  };
}
