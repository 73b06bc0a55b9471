// The leads feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in leads/ is its own; `npm run lint` fails on an import that reaches past this file.

export { dailyLeads, findLeads, followUpLead, leadsCsv, sessionLeads } from './follow-up.ts';
export {
  type Lead,
  type LeadFilter,
  leadsBetween,
  sessionsWithLeads,
  webhooksFor,
  workspacesWithWebhook,
} from './repo.ts';
export { type LeadDeps, resumeSession } from './service.ts';
