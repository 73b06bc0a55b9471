// The audit as owners read it (GetPrivacyAudit, the console's Privacy page): counts only.
import type { Static } from 'typebox';
import { findChatbotById } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { auditPage } from './repo.ts';
import type { PrivacyAuditItem } from './schemas.ts';

export async function auditList(
  db: Db,
  workspaceId: number,
  beforeId: number | null,
  limit: number,
): Promise<Static<typeof PrivacyAuditItem>[]> {
  const rows = await auditPage(db.kysely, workspaceId, beforeId, limit);
  const serials = new Map<number, string | null>();
  for (const id of new Set(rows.flatMap((r) => (r.chatbot_id === null ? [] : [r.chatbot_id])))) {
    const bot = await findChatbotById(db.kysely, id);
    serials.set(id, bot && bot.workspaceId === workspaceId ? bot.serialNumber : null);
  }
  return rows.map((r) => ({
    ID: r.id,
    CreatedAt: r.created_at,
    Action: r.action,
    Actor: r.actor,
    SerialNumber: r.chatbot_id === null ? null : (serials.get(r.chatbot_id) ?? null),
    Counts: JSON.parse(r.counts) as Record<string, number>,
  }));
}
