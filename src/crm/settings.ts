// SetCrm / GetCrm (docs/crm.md): a workspace connects Follow Up Boss with its API key, and the
// system name and key Follow Up Boss gave the integration (X-System / X-System-Key). Secrets are
// write-only: GetCrm and SetCrm answer them masked, never whole.
import type { Db } from '../db/connect.ts';
import { Invalid } from '../errors.ts';
import { deleteCrmSettings, findCrmSettings, saveCrmSettings } from './repo.ts';

export const CRM_PROVIDERS = ['FollowUpBoss'] as const;
/** SetCrm's Provider that disconnects ("" reads as not given, as everywhere in the API). */
export const NO_CRM = 'None';
export const CRM_LIMITS = { ApiKey: 200, SystemName: 100, SystemKey: 200 } as const;

export interface CrmInput {
  /** None disconnects the CRM. */
  provider: (typeof CRM_PROVIDERS)[number] | typeof NO_CRM;
  apiKey: string;
  systemName: string;
  systemKey: string;
}

/** "••••abcd": enough to tell two keys apart, never enough to use one. */
export function masked(secret: string): string {
  if (!secret) return '';
  return `••••${secret.length >= 12 ? secret.slice(-4) : ''}`;
}

function secretField(field: keyof typeof CRM_LIMITS, value: string, required: boolean): string {
  // A line break would split the header it is sent in; checked before trimming.
  if (/[\r\n]/.test(value)) throw new Invalid(field, 'must not contain a line break');
  const v = value.trim();
  if (v.length > CRM_LIMITS[field]) throw new Invalid(field, `must be at most ${CRM_LIMITS[field]} characters`);
  if ([...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    throw new Invalid(field, 'must not contain control characters');
  }
  // Sent in HTTP headers (X-System, X-System-Key; the key as Basic credentials): a character a
  // header cannot carry would fail every send, so it is refused here.
  if (/[^\x20-\x7e]/.test(v)) throw new Invalid(field, 'must hold only ASCII letters, digits and punctuation');
  if (required && !v) throw new Invalid(field, 'must not be empty');
  return v;
}

export interface CrmView {
  Provider: string;
  ApiKey: string;
  SystemName: string;
  SystemKey: string;
  UpdatedAt: string | null;
}

export async function crmOf(deps: { db: Db }, workspaceId: number): Promise<CrmView> {
  const row = await findCrmSettings(deps.db.kysely, workspaceId);
  return {
    Provider: row?.provider ?? '',
    ApiKey: masked(row?.api_key ?? ''),
    SystemName: row?.system_name ?? '',
    SystemKey: masked(row?.system_key ?? ''),
    UpdatedAt: row?.updated_at ?? null,
  };
}

/** Connects (or, with Provider None, disconnects) the workspace's CRM. */
export async function setCrm(deps: { db: Db; clock: () => Date }, workspaceId: number, input: CrmInput) {
  const db = deps.db.kysely;
  if (input.provider === NO_CRM) {
    await deleteCrmSettings(db, workspaceId);
    return crmOf(deps, workspaceId);
  }
  await saveCrmSettings(db, {
    workspace_id: workspaceId,
    provider: input.provider,
    api_key: secretField('ApiKey', input.apiKey, true),
    system_name: secretField('SystemName', input.systemName, false) || 'Parlor',
    system_key: secretField('SystemKey', input.systemKey, false),
    updated_at: deps.clock().toISOString(),
  });
  return crmOf(deps, workspaceId);
}
