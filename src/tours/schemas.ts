// The tours API's bodies and answers (docs/tours.md). Field names and shapes of DESIGN §3.12;
// Parlor's additions are marked in their descriptions.
import { Type } from 'typebox';
import { AppointmentCard, TourSlot } from '../answer/index.ts';
import { EXAMPLE_SESSION } from '../chat/index.ts';
import { SerialNumber } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, Nullable, SINGLE_LINE, StringEnum, WithExample } from '../http/schema.ts';
import { LEAD_LIMITS } from '../leads/index.ts';
import { ListingCard } from '../listings/index.ts';
import {
  AVAILABILITY_BOUNDS,
  AVAILABILITY_DEFAULTS,
  CLOCK_PATTERN,
  CLOCK_RULE,
  DAYS,
  DEMO_AVAILABILITY,
  MAX_BLOCKED_DATES,
  MAX_HOUR_RANGES,
} from './availability.ts';
import { START_RULE } from './booking.ts';

const SessionId = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'From GetSession',
  examples: [EXAMPLE_SESSION],
});
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATE_RULE = 'must be a date YYYY-MM-DD';
const LocalDate = (description: string, example: string) =>
  Type.String({ pattern: DATE, 'x-rule': DATE_RULE, description, examples: [example] });

const bounded = (name: keyof typeof AVAILABILITY_BOUNDS, description: string) => {
  const [minimum, maximum] = AVAILABILITY_BOUNDS[name];
  return Nullable(
    Type.Integer({ minimum, maximum, description: `${description} (default ${AVAILABILITY_DEFAULTS[name]})` }),
  );
};

const HoursItem = Type.Object({
  Day: Type.String({ maxLength: 9, description: `${DAYS.join(', ')} (or the full name)`, examples: ['Mon'] }),
  Start: Type.String({ pattern: CLOCK_PATTERN, 'x-rule': CLOCK_RULE, examples: ['09:00'] }),
  End: Type.String({
    pattern: CLOCK_PATTERN,
    'x-rule': CLOCK_RULE,
    description: 'After Start; 24:00 is midnight',
    examples: ['17:00'],
  }),
});

export const SetAvailabilityBody = WithExample(
  Type.Object({
    serialNumber: SerialNumber,
    Hours: Type.Array(HoursItem, {
      maxItems: MAX_HOUR_RANGES,
      description:
        "Weekly hours in the chatbot's TimeZone; a day may have several ranges that do not overlap; [] = no bookings",
    }),
    SlotMinutes: bounded('SlotMinutes', 'Length of a showing'),
    BufferMinutes: bounded('BufferMinutes', 'Free time between two showings'),
    NoticeMinutes: bounded('NoticeMinutes', 'How long ahead a showing must be booked'),
    HorizonDays: bounded('HorizonDays', 'How many days ahead showings can be booked'),
    Capacity: bounded('Capacity', 'Showings that can run at once (people who show homes)'),
    BlockedDates: Nullable(
      Type.Array(LocalDate('A local date without showings', '2026-12-25'), { maxItems: MAX_BLOCKED_DATES }),
    ),
    TimeZone: Nullable(
      Type.String({
        maxLength: 64,
        ...SINGLE_LINE,
        description: "Parlor's: sets the chatbot's TimeZone (an IANA zone), which the hours are in",
        examples: ['America/Chicago'],
      }),
    ),
    ReminderMinutes: bounded('ReminderMinutes', "Parlor's: how long before a showing its reminder goes; 0 = none"),
    MaxUpcomingPerVisitor: bounded(
      'MaxUpcomingPerVisitor',
      "Parlor's: upcoming showings one visitor (session, e-mail or phone) may hold",
    ),
  }),
  { serialNumber: EXAMPLE_SERIAL, ...DEMO_AVAILABILITY },
);

export const AvailabilityData = Type.Object({
  TimeZone: Type.String(),
  Hours: Type.Array(Type.Object({ Day: StringEnum(DAYS), Start: Type.String(), End: Type.String() })),
  SlotMinutes: Type.Integer(),
  BufferMinutes: Type.Integer(),
  NoticeMinutes: Type.Integer(),
  HorizonDays: Type.Integer(),
  Capacity: Type.Integer(),
  BlockedDates: Type.Array(Type.String()),
  ReminderMinutes: Type.Integer(),
  MaxUpcomingPerVisitor: Type.Integer(),
});

export const GetAvailabilityBody = WithExample(Type.Object({ serialNumber: SerialNumber }), {
  serialNumber: EXAMPLE_SERIAL,
});

const MlsNumber = (description: string) =>
  Nullable(Type.String({ maxLength: 100, ...SINGLE_LINE, description, examples: ['ATX1001'] }));

export const GetTourSlotsBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    MLSNumber: MlsNumber('The listing to show (checked: one of the chatbot’s, not sold)'),
    From: Nullable(LocalDate("The first local date (the chatbot's TimeZone); today when omitted", '2026-03-07')),
    Days: Nullable(
      Type.Integer({ minimum: 1, maximum: 366, description: 'Days from From; up to the horizon when omitted' }),
    ),
  }),
  { sessionID: EXAMPLE_SESSION },
);

export const TourSlots = Type.Array(TourSlot);

export const BookTourBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    Start: Type.String({
      maxLength: 40,
      description: `A slot's Start from GetTourSlots; ${START_RULE}`,
      examples: ['2026-03-07T09:00:00-07:00'],
    }),
    MLSNumber: MlsNumber('The listing to show; omitted: a call with an agent'),
    Name: Type.String({ maxLength: LEAD_LIMITS.Name, ...SINGLE_LINE, examples: ['Jane Doe'] }),
    Email: Type.String({
      maxLength: LEAD_LIMITS.Email,
      ...SINGLE_LINE,
      default: '',
      description: 'Email or Phone is required',
    }),
    Phone: Type.String({
      maxLength: LEAD_LIMITS.Phone,
      ...SINGLE_LINE,
      default: '',
      description: 'Email or Phone is required',
    }),
    Message: Type.String({ maxLength: LEAD_LIMITS.Message, default: '' }),
  }),
  {
    sessionID: EXAMPLE_SESSION,
    Start: '2025-03-07T09:00:00-06:00',
    Name: 'Jane Doe',
    Email: 'jane@example.com',
    Phone: '+1 (512) 555-0100',
    Message: 'Is there parking nearby?',
  },
);

export const CancelTourBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    AppointmentID: Type.Integer({ minimum: 1, maximum: 2_147_483_647, examples: [1] }),
  }),
  { sessionID: EXAMPLE_SESSION, AppointmentID: 1 },
);

export const CancelTourData = Type.Object({ AppointmentID: Type.Integer(), Status: Type.Literal('cancelled') });

export const AppointmentListBody = WithExample(
  Type.Object({
    serialNumber: SerialNumber,
    From: LocalDate("First local date (the chatbot's TimeZone), included", '2026-03-01'),
    To: LocalDate('Last local date, included', '2026-03-31'),
    Status: Nullable(StringEnum(['booked', 'cancelled'] as const)),
  }),
  { serialNumber: EXAMPLE_SERIAL, From: '2026-03-01', To: '2026-03-31' },
);

export const AppointmentItem = Type.Object({
  ID: Type.Integer(),
  SessionID: Type.Union([Type.Integer(), Type.Null()]),
  Start: Type.String(),
  End: Type.String(),
  Status: Type.String({ description: 'booked or cancelled' }),
  Name: Type.String(),
  Email: Type.String(),
  Phone: Type.String(),
  MLSNumber: Type.String(),
  Address: Type.String(),
  ListingUrl: Type.String({ description: "Parlor's" }),
  Message: Type.String({ description: "Parlor's" }),
  LeadID: Type.Integer({ description: "Parlor's: the lead of Type Appointment it is" }),
  AssignedUserID: Type.Union([Type.Integer(), Type.Null()], { description: "Parlor's: the console user who shows it" }),
  Sequence: Type.Integer({ description: "Parlor's: the invitation's SEQUENCE" }),
  CreatedAt: Type.String(),
  UpdatedAt: Type.String(),
});

/** The console's agenda item: AppointmentList's record, the start as staff read it, the listing's card. */
export const AgendaItem = Type.Object({
  ...AppointmentItem.properties,
  Label: Type.String({ description: 'The start in English, in the chatbot’s zone' }),
  Listing: Type.Union([ListingCard, Type.Null()], { description: 'The listing as it is now; null when gone or none' }),
});

export const AgendaData = Type.Object({
  Chatbot: Type.Object({ SerialNumber: Type.String(), Name: Type.String(), TimeZone: Type.String() }),
  From: Type.String(),
  To: Type.String(),
  Appointments: Type.Array(AgendaItem),
});

export { AppointmentCard };
