// The tours API (docs/tours.md): availability, slots, booking, cancelling, AppointmentList.
import { Type } from 'typebox';
import { Unauthorized } from '../errors.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok, sendEncoded } from '../http/envelope.ts';
import { errorExample } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import type { TourDeps } from './deps.ts';
import {
  AppointmentCard,
  AppointmentItem,
  AppointmentListBody,
  AvailabilityData,
  BookTourBody,
  CancelTourBody,
  CancelTourData,
  GetAvailabilityBody,
  GetTourSlotsBody,
  SetAvailabilityBody,
  TourSlots,
} from './schemas.ts';
import {
  APPOINTMENT_LIST_MAX,
  appointmentList,
  bookFromSession,
  cancelFromSession,
  getAvailability,
  setAvailability,
  tourSlots,
} from './service.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['tours'];

export function registerTourRoutes(app: App, deps: TourDeps): void {
  app.post(
    '/chat/Chatbot/SetAvailability',
    {
      schema: {
        tags,
        summary: "Set when the chatbot's showings can be booked: weekly hours, slots, notice, horizon, capacity",
        description:
          'Replaces the whole availability; an omitted (or null) number takes its default. Hours of one day must ' +
          'not overlap and each must hold one slot. Data is what GetAvailability then answers.',
        body: SetAvailabilityBody,
        response: { 200: envelopeOf(AvailabilityData), ...errors },
      },
    },
    async (req) => {
      const { serialNumber, ...input } = req.body;
      return ok(await setAvailability(deps, workspaceOf(req), serialNumber, input));
    },
  );

  app.post(
    '/chat/Chatbot/GetAvailability',
    {
      schema: {
        tags,
        summary: "The chatbot's showing availability (no Hours until SetAvailability: no slots)",
        body: GetAvailabilityBody,
        response: { 200: envelopeOf(AvailabilityData), ...errors },
      },
    },
    async (req) => ok(await getAvailability(deps, workspaceOf(req), req.body.serialNumber)),
  );

  app.post(
    '/chat/Chat/GetTourSlots',
    {
      config: { auth: 'visitor' },
      schema: {
        tags,
        summary: 'Free showing slots for a session, earliest first',
        description:
          "Times are ISO 8601 with the chatbot's UTC offset at that time (it changes across daylight saving); " +
          "Label is the start in the chatbot's language. The widget calls it with its visitor key.",
        body: GetTourSlotsBody,
        response: { 200: envelopeOf(TourSlots), ...errors },
      },
    },
    async (req, reply) => {
      if (!req.principal) throw new Unauthorized();
      return sendEncoded(reply, await tourSlots(deps, req.principal, req.body));
    },
  );

  app.post(
    '/chat/Chat/BookTour',
    {
      config: { auth: 'visitor' },
      schema: {
        tags,
        ...errorExample(
          400,
          'its Start is a fixed time, long past; the answer names the next free slots (take a Start from GetTourSlots).',
          'Books a slot of GetTourSlots for the session: a lead of Type Appointment, invitations by e-mail to the ' +
            'visitor and TalkToHumanEmail, appointment.created webhooks. A slot at capacity is a 409; a Start that is ' +
            'not a free slot (past, too soon, too far, blocked, outside the hours, off the grid) a 400; both name ' +
            "the next free slots. A visitor holds at most MaxUpcomingPerVisitor upcoming showings (409); a visitor's " +
            'key meets the booking limits (429).',
        ),
        summary: 'Book a showing of a listing (or a call with an agent) at a free slot',
        body: BookTourBody,
        response: { 200: envelopeOf(AppointmentCard), ...errors },
      },
    },
    async (req) => {
      if (!req.principal) throw new Unauthorized();
      return ok(await bookFromSession(deps, req.principal, req.body, req.ip));
    },
  );

  app.post(
    '/chat/Chat/CancelTour',
    {
      config: { auth: 'visitor' },
      schema: {
        tags,
        ...errorExample(
          404,
          'a new server has no appointment (BookTour makes one).',
          "Cancels a showing booked in the session; the visitor and the staff get the invitation's CANCEL.",
        ),
        summary: 'Cancel a showing the session booked',
        body: CancelTourBody,
        response: { 200: envelopeOf(CancelTourData), ...errors },
      },
    },
    async (req) => {
      if (!req.principal) throw new Unauthorized();
      const a = await cancelFromSession(deps, req.principal, req.body.sessionID, req.body.AppointmentID);
      return ok({ AppointmentID: a.id, Status: 'cancelled' as const });
    },
  );

  app.post(
    '/chat/Chatbot/AppointmentList',
    {
      schema: {
        tags,
        summary: "A chatbot's showings starting between two local dates (both included), earliest first",
        description: `Dates are in the chatbot's TimeZone. At most ${APPOINTMENT_LIST_MAX} per call; a later From reads on.`,
        body: AppointmentListBody,
        response: { 200: envelopeOf(Type.Array(AppointmentItem)), ...errors },
      },
    },
    async (req) => ok(await appointmentList(deps, workspaceOf(req), req.body)),
  );
}
