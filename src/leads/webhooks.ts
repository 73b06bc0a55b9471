// Webhook registration (SetWebhook / GetWebhooks). A workspace registers http(s) URLs for
// `lead.created`, `lead.updated`, `conversation.daily` and the appointments' events (tours/); deliveries are signed with the workspace's
// signing secret, which both calls return so that receivers can verify.
import type { Db } from '../db/connect.ts';
import { Invalid } from '../errors.ts';
import { checkOutgoingUrl, OutgoingRefused } from '../net/outgoing.ts';
import { signingSecretOf } from '../workspaces/index.ts';
import { deleteWebhooks, listWebhooks, upsertWebhook } from './repo.ts';

export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.updated',
  'conversation.daily',
  'appointment.created',
  'appointment.cancelled',
  'appointment.rescheduled',
  'answer.rated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const MAX_WEBHOOKS = 10;

export interface WebhookDeps {
  db: Db;
  clock: () => Date;
  /** PARLOR_ALLOW_PRIVATE_URLS; private addresses are refused unless true. */
  allowPrivateUrls?: boolean;
}

export async function webhooksOf(deps: WebhookDeps, workspaceId: number) {
  const [hooks, secret] = await Promise.all([
    listWebhooks(deps.db.kysely, workspaceId),
    signingSecretOf(deps.db.kysely, workspaceId),
  ]);
  return {
    List: hooks.map((h) => ({
      ID: h.id,
      Url: h.url,
      Events: h.events.split(',').filter(Boolean),
      CreatedAt: h.created_at,
    })),
    SigningSecret: secret,
  };
}

/** Registers a URL for events; no events removes the URL, and Url "" removes every URL. */
export async function setWebhook(deps: WebhookDeps, workspaceId: number, url: string, events: readonly WebhookEvent[]) {
  const db = deps.db.kysely;
  const trimmed = url.trim();
  if (trimmed === '') {
    await deleteWebhooks(db, workspaceId, null);
    return webhooksOf(deps, workspaceId);
  }
  // Refused here what can be known now (scheme, credentials, literal private addresses,
  // localhost); a name that resolves to a private address fails at delivery (worker.ts).
  try {
    checkOutgoingUrl(trimmed, { allowPrivate: deps.allowPrivateUrls ?? false });
  } catch (err) {
    if (err instanceof OutgoingRefused) throw new Invalid('Url', err.message);
    throw err;
  }
  const unique = [...new Set(events)];
  if (unique.length === 0) {
    await deleteWebhooks(db, workspaceId, trimmed);
    return webhooksOf(deps, workspaceId);
  }
  const existing = await listWebhooks(db, workspaceId);
  if (existing.length >= MAX_WEBHOOKS && !existing.some((h) => h.url === trimmed)) {
    throw new Invalid('Url', `a workspace can register at most ${MAX_WEBHOOKS} webhook URLs`);
  }
  await upsertWebhook(db, workspaceId, trimmed, unique, deps.clock());
  return webhooksOf(deps, workspaceId);
}
