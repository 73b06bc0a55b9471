// The tours feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in tours/ is its own; `npm run lint` fails on an import that reaches past this file.

export { DEMO_AVAILABILITY } from './availability.ts';
export { emailKey, phoneKey } from './contact.ts';
export type { TourDeps } from './deps.ts';
export { appointmentsOfLeadsFor } from './lead-link.ts';
export { showingSlices, showingsOfSessions } from './repo-analytics.ts';
export {
  type AppointmentContact,
  appointmentsOfContact,
  appointmentsOfSessionsOrLeads,
  eraseAppointments,
} from './repo-erase.ts';
export { AgendaData, AgendaItem, AvailabilityData, TourSlots } from './schemas.ts';
export { saveChatbotAvailability } from './service.ts';
export {
  agenda,
  assignByStaff,
  cancelByStaff,
  rescheduleByStaff,
  sessionShowings,
  slotsForMove,
} from './staff.ts';
export { dayStart } from './zoned-time.ts';
