// The leads feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in leads/ is its own; `npm run lint` fails on an import that reaches past this file.

export {
  type AppointmentSummaryData,
  type AppointmentsOfLeads,
  LEAD_TYPES,
} from './appointment-link.ts';
export { csvField, dailyLeads, findLeads, followUpLead, leadsCsv, sessionLeads } from './follow-up.ts';
export { crmLeadOf, webhookQualification } from './handoff.ts';
export { checkLead, LEAD_LIMITS } from './lead-rules.ts';
export {
  budgetText,
  checkQualification,
  QualificationBody,
  qualificationFromBody,
  qualificationLines,
  qualificationOf,
  qualificationRecord,
} from './qualification.ts';
export {
  findLead,
  insertLead,
  type Lead,
  type LeadFilter,
  leadExists,
  leadsBetween,
  sessionsWithLeads,
  type Webhook,
  webhooksFor,
  workspacesWithWebhook,
} from './repo.ts';
export { leadSlices } from './repo-analytics.ts';
export {
  deleteLeads,
  type LeadContact,
  leadContacts,
  leadPhones,
  leadsOlderThan,
  leadsWithEmail,
} from './repo-erase.ts';
export { type LeadDeps, resumeSession } from './service.ts';
