// The crm feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in crm/ is its own; `npm run lint` fails on an import that reaches past this file.

export { CrmDeliveryError, type FubOutcome, sendFubEvent } from './fub-client.ts';
export type { CrmLead } from './fub-event.ts';
export { type CrmConnection, crmConnection, crmKey, queueCrmEvent } from './queue.ts';
export { findCrmSettings as crmSettingsOf } from './repo.ts';
export { SetCrmBody } from './schemas.ts';
export { crmOf, setCrm } from './settings.ts';
export { type CrmLastDelivery, type CrmLeadStatus, crmStatusOfLeads, lastCrmDelivery } from './status.ts';
