// First start (README "Quickstart"): with an empty database, create a workspace, its keys, a demo
// chatbot (with showing hours) and sample listings and a console owner, and save the keys and the owner's password
// to <dataDir>/bootstrap.json (mode 0600).
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { DEFAULT_SETTINGS, insertChatbot } from '../chatbots/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { underSessionLock } from '../db/session-lock.ts';
import type { Database } from '../db/tables.ts';
import { insertChecked, validateListing } from '../listings/index.ts';
import { DEMO_AVAILABILITY, saveChatbotAvailability } from '../tours/index.ts';
import { generatePassword, hashPassword, insertUser } from '../users/index.ts';
import { createWorkspace, hasWorkspace } from '../workspaces/index.ts';
import samples from './sample-listings.json' with { type: 'json' };

export interface BootstrapKeys {
  workspaceId: number;
  apiKey: string;
  sessionKey: string;
  serialNumber: string;
  /** The console's first owner. */
  ownerEmail: string;
  ownerPassword: string;
}

export type BootstrapOutcome =
  | { kind: 'created'; keys: BootstrapKeys; file: string; listings: number }
  /** The database already had a workspace; `file` is bootstrap.json when it exists. */
  | { kind: 'existing'; file: string | null }
  | { kind: 'off' };

/** Any constant works; it only has to differ from the other advisory locks Parlor takes. */
const BOOTSTRAP_LOCK = 72_741_001;

/** The demo's first console user, and where its handoff e-mails go (.eml files without SMTP_URL). */
export const DEMO_OWNER_EMAIL = 'owner@demo-realty.example';
export const DEMO_AGENTS_EMAIL = 'agents@demo-realty.example';

export const DEMO_SETTINGS = {
  Name: 'Demo Realty Assistant',
  TalkToHumanEmail: DEMO_AGENTS_EMAIL,
  TimeZone: 'America/Chicago',
  WelcomeMessage:
    "Hi! I'm the Demo Realty assistant. Ask me about homes for sale or rent in Austin, Dallas or Houston.",
  SuggestedMessage: [
    '3-bed homes under $450,000 in Austin',
    'Rentals with a pool in Dallas',
    'How many homes are for sale in Houston?',
  ].join('\n'),
};

export function bootstrapFile(dataDir: string): string {
  return join(dataDir, 'bootstrap.json');
}

/**
 * Several instances may start together on one PostgreSQL: the empty check and the
 * creation run under one advisory lock, held on one pinned connection. (A session lock
 * rather than a transaction-scoped one because createWorkspace opens its own transaction.)
 */
const underLock = <T>(db: Db, fn: (k: Kysely<Database>) => Promise<T>) => underSessionLock(db, BOOTSTRAP_LOCK, fn);

/** The demo workspace: keys, a console owner, the demo chatbot and its sample listings. */
export async function createDemo(
  k: Kysely<Database>,
  now: Date,
  ownerEmail = DEMO_OWNER_EMAIL,
): Promise<{ keys: BootstrapKeys; listings: number }> {
  const ws = await createWorkspace(k, 'Demo Realty', now);
  const ownerPassword = generatePassword();
  const owner = {
    workspaceId: ws.workspaceId,
    email: ownerEmail,
    name: 'Demo owner',
    passwordHash: await hashPassword(ownerPassword),
    role: 'owner' as const,
  };
  return k.transaction().execute(async (trx) => {
    await insertUser(trx, owner, now);
    const bot = await insertChatbot(trx, ws.workspaceId, 0, { ...DEFAULT_SETTINGS, ...DEMO_SETTINGS }, now);
    // Showings can be booked from the first conversation (tours/).
    await saveChatbotAvailability(trx, bot, DEMO_AVAILABILITY, now);
    const listingOwner = { workspaceId: ws.workspaceId, chatbotId: bot.id };
    // Validated like API input, so the samples can never drift from the schema unnoticed.
    for (const sample of samples) {
      const check = validateListing(sample, bot.serialNumber);
      if (!check.ok) throw new Error(`sample listing ${sample.MLSNumber}: ${check.message}`);
      await insertChecked(trx, listingOwner, check.fields, now);
    }
    return {
      keys: { ...ws, serialNumber: bot.serialNumber, ownerEmail, ownerPassword },
      listings: samples.length,
    };
  });
}

function saveKeys(dataDir: string, keys: BootstrapKeys): string {
  mkdirSync(dataDir, { recursive: true });
  const file = bootstrapFile(dataDir);
  const { workspaceId, apiKey, sessionKey, serialNumber, ownerEmail, ownerPassword } = keys;
  const saved = {
    workspaceId,
    apiKey,
    sessionKey,
    serialNumber,
    console: { email: ownerEmail, password: ownerPassword },
  };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, {
    mode: 0o600,
  });
  // writeFile's mode applies only to a new file; a leftover one keeps its own otherwise.
  chmodSync(file, 0o600);
  return file;
}

export async function bootstrap(
  db: Db,
  config: Pick<Config, 'bootstrap' | 'dataDir'>,
  now: Date,
): Promise<BootstrapOutcome> {
  if (!config.bootstrap) return { kind: 'off' };
  return underLock(db, async (k) => {
    if (await hasWorkspace(k)) {
      const file = bootstrapFile(config.dataDir);
      return { kind: 'existing', file: existsSync(file) ? file : null };
    }
    const { keys, listings } = await createDemo(k, now);
    return { kind: 'created', keys, listings, file: saveKeys(config.dataDir, keys) };
  });
}
