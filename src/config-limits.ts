// The settings that bound what one tenant or one visitor can make the server do (README
// "Hostile visitors" and "Fair shares"): the knowledge each chatbot and workspace may hold and
// how it is read, API calls per workspace, and visitor uploads per address and per workspace.
// Each refusal names the setting that raises it.
import { type Env, integer } from './config-values.ts';

export interface KnowledgeLimits {
  /** Passages one chatbot may hold (its sources together); 0 = no limit. */
  passagesPerChatbot: number;
  /** Passages all of one workspace's chatbots may hold; 0 = no limit. */
  passagesPerWorkspace: number;
  /** Passages the in-memory search index holds over all workspaces, on each instance. */
  indexPassages: number;
  /** Sources the worker reads at once, on each instance. */
  workers: number;
  /** Sources of one workspace being read at once, over all instances. */
  workspaceInFlight: number;
  /** The extraction child's V8 heap, in MB. */
  extractHeapMb: number;
  /** The extraction child's deadline for one document or page. */
  extractTimeoutMs: number;
}

export function knowledgeLimits(env: Env): KnowledgeLimits {
  const max = 10_000_000;
  return Object.freeze({
    passagesPerChatbot: integer(env, 'PARLOR_KNOWLEDGE_PASSAGES_PER_CHATBOT', 20_000, 0, max),
    passagesPerWorkspace: integer(env, 'PARLOR_KNOWLEDGE_PASSAGES_PER_WORKSPACE', 50_000, 0, max),
    indexPassages: integer(env, 'PARLOR_KNOWLEDGE_INDEX_PASSAGES', 200_000, 1000, max),
    workers: integer(env, 'PARLOR_KNOWLEDGE_WORKERS', 2, 1, 64),
    workspaceInFlight: integer(env, 'PARLOR_KNOWLEDGE_WORKSPACE_IN_FLIGHT', 1, 1, 64),
    extractHeapMb: integer(env, 'PARLOR_EXTRACT_HEAP_MB', 256, 64, 16_384),
    extractTimeoutMs: integer(env, 'PARLOR_EXTRACT_SECONDS', 120, 5, 3600) * 1000,
  });
}

export interface UploadLimits {
  /** Files and MB one client address may upload as a widget visitor (all chatbots), per hour and per day. */
  addressFilesPerHour: number;
  addressFilesPerDay: number;
  addressMbPerHour: number;
  addressMbPerDay: number;
  /** Files and MB all visitors together may upload to one workspace, per hour and per day. */
  workspaceFilesPerHour: number;
  workspaceFilesPerDay: number;
  workspaceMbPerHour: number;
  workspaceMbPerDay: number;
  /** Days a visitor's file is kept, even while its session lives. */
  visitorFileDays: number;
}

export function uploadLimits(env: Env): UploadLimits {
  const max = 10_000_000;
  return Object.freeze({
    addressFilesPerHour: integer(env, 'PARLOR_LIMIT_ADDRESS_FILES_PER_HOUR', 30, 0, max),
    addressFilesPerDay: integer(env, 'PARLOR_LIMIT_ADDRESS_FILES_PER_DAY', 100, 0, max),
    addressMbPerHour: integer(env, 'PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_HOUR', 100, 0, max),
    addressMbPerDay: integer(env, 'PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_DAY', 300, 0, max),
    workspaceFilesPerHour: integer(env, 'PARLOR_LIMIT_WORKSPACE_FILES_PER_HOUR', 500, 0, max),
    workspaceFilesPerDay: integer(env, 'PARLOR_LIMIT_WORKSPACE_FILES_PER_DAY', 2000, 0, max),
    workspaceMbPerHour: integer(env, 'PARLOR_LIMIT_WORKSPACE_UPLOAD_MB_PER_HOUR', 1000, 0, max),
    workspaceMbPerDay: integer(env, 'PARLOR_LIMIT_WORKSPACE_UPLOAD_MB_PER_DAY', 5000, 0, max),
    visitorFileDays: integer(env, 'PARLOR_VISITOR_FILE_DAYS', 30, 1, 3650),
  });
}

/** API calls one workspace may make with its own keys per minute, on each instance; 0 = off. */
export function apiRequestsPerMinute(env: Env): number {
  return integer(env, 'PARLOR_LIMIT_API_REQUESTS_PER_MINUTE', 60_000, 0, 100_000_000);
}
