// Environment → typed, frozen Config. The only module that reads process.env.
// A bad value stops the process with a message naming the variable.
import { resolve } from 'node:path';
import {
  apiRequestsPerMinute,
  type KnowledgeLimits,
  knowledgeLimits,
  type UploadLimits,
  uploadLimits,
} from './config-limits.ts';
import { CatalogueError, type ModelEntry, parseModelCatalogue } from './config-models.ts';
import { ProxyListError, parseTrustedProxies, type TrustedProxies } from './config-proxies.ts';
import { ConfigError, type Env, flag, integer, text, url } from './config-values.ts';

export type { KnowledgeLimits, ModelEntry, UploadLimits };
export { ConfigError };

export type HttpStatusMode = 'strict' | 'ok';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  bootstrap: boolean;
  httpStatus: HttpStatusMode;
  logLevel: string;
  publicUrl: string;
  openai: {
    baseUrl: string | null;
    apiKey: string;
    /** How the key is sent: `Authorization: Bearer` (default) or Azure's `api-key` header. */
    keyHeader?: 'authorization' | 'api-key';
    timeoutMs: number;
    maxRetries: number;
    historyTokens: number;
    /** Model of the provider's /audio/transcriptions endpoint (voice and video questions). */
    transcriptionModel: string;
  };
  /** Media questions (docs/api.md "Answers"): ffmpeg samples videos into frames and an audio track. */
  media: {
    /** FFMPEG_PATH; null when unset (then PATH, then the npm package's build: media/ffmpeg-binary.ts). */
    ffmpegPath: string | null;
    /** PATH, where ffmpeg is looked for when FFMPEG_PATH is unset. */
    searchPath: string;
  };
  models: readonly ModelEntry[];
  smtpUrl: string | null;
  mailFrom: string;
  digestHour: number;
  /** SMS through Twilio's Messages API; null when not configured (SendTwilioMessage answers 501). */
  twilio: TwilioConfig | null;
  /** Limits on what one client address or one chatbot's visitors may do (abuse/). */
  abuse: AbuseLimits;
  /** Visitor uploads per address and per workspace, and how long visitors' files are kept. */
  uploads: UploadLimits;
  /** Knowledge each chatbot and workspace may hold, and how the worker shares its reading. */
  knowledge: KnowledgeLimits;
  /** PARLOR_LIMIT_API_REQUESTS_PER_MINUTE: calls with a workspace's own keys, per instance; 0 = off. */
  apiRequestsPerMinute: number;
  /** Which X-Forwarded-For entries to believe for the client address; null = the socket's. */
  trustedProxies: TrustedProxies | null;
  /** PARLOR_ALLOW_PRIVATE_URLS: webhooks (and other requests made for a user) may reach private addresses. */
  allowPrivateUrls: boolean;
  /** FUB_BASE_URL: Follow Up Boss's API origin (a stand-in in tests); its requests go through net/outgoing.ts. */
  fubBaseUrl: string;
  /** PARLOR_METRICS_TOKEN: /metrics needs `Authorization: Bearer <token>`; open when null. */
  metricsToken: string | null;
}

/** Each a count per window; 0 turns that limit off. */
export interface AbuseLimits {
  sessionsPerMinute: number;
  sessionsPerHour: number;
  questionsPerMinute: number;
  chatbotQuestionsPerMinute: number;
  /** Open streamed answers per address, on each instance. */
  openStreams: number;
  /** One lead per session within this many minutes. */
  leadWindowMinutes: number;
  leadsPerHour: number;
  chatbotLeadsPerHour: number;
  /** Showings (booked or moved) one client address may ask of one chatbot per hour (tours/). */
  bookingsPerHour: number;
  chatbotBookingsPerHour: number;
  /** MCP tool calls that write (contact_agent, book_tour) one client address may make per chatbot per hour (mcp/). */
  mcpWritesPerHour: number;
  /** Files one visitor session may upload (per day, about a session's life). */
  filesPerSession: number;
  /** Files all visitors together may upload to one chatbot per hour. */
  chatbotFilesPerHour: number;
  /** Open connections per client address, on each instance (off behind trusted proxies). */
  connectionsPerAddress: number;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** Exactly one of `from` (a phone number or an alphanumeric sender ID) and `messagingServiceSid`. */
  from: string | null;
  messagingServiceSid: string | null;
  /** Twilio's API origin; tests point it at a local stand-in. */
  baseUrl: string;
}

/**
 * The hosted platform's own model keys: a chatbot whose Model is "3" there is gpt-4o-mini
 * here too, so settings copied from the platform keep meaning the same model.
 */
export const PLATFORM_MODELS = '2=gpt-4o,3=gpt-4o-mini,22=claude-3.5-sonnet,23=claude-3.5-haiku';

/**
 * PARLOR_MODELS lists the provider models shown by ModelList, comma-separated,
 * each `name` or `key=name` with optional `;option=value` pairs, or `@file.json`
 * (config-models.ts). The builtin engine is always present as key `builtin`; provider
 * models get keys 1, 2, … unless given. With a provider and no list, the catalogue is
 * the platform's (PLATFORM_MODELS).
 */
function models(env: Env, hasProvider: boolean): ModelEntry[] {
  const list: ModelEntry[] = [{ key: 'builtin', name: 'parlor-builtin', engine: 'builtin' }];
  const given = text(env, 'PARLOR_MODELS', '');
  if (given && !hasProvider) throw new ConfigError('PARLOR_MODELS', 'needs OPENAI_BASE_URL to be set');
  if (!hasProvider) return list;
  try {
    return parseModelCatalogue(given || PLATFORM_MODELS, list);
  } catch (e) {
    if (e instanceof CatalogueError) throw new ConfigError('PARLOR_MODELS', e.message);
    throw e;
  }
}

function keyHeader(env: Env): 'authorization' | 'api-key' {
  const v = text(env, 'OPENAI_API_KEY_HEADER', 'authorization').trim().toLowerCase();
  if (v !== 'authorization' && v !== 'api-key') {
    throw new ConfigError('OPENAI_API_KEY_HEADER', `must be "authorization" or "api-key", got "${v}"`);
  }
  return v;
}

const TWILIO_CREDENTIALS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/**
 * All three credentials or none: a partial set is a typo or a half-finished deployment, and
 * would otherwise surface only when the first SMS fails.
 */
function twilioConfig(env: Env): TwilioConfig | null {
  const baseUrl = (url(env, 'TWILIO_BASE_URL', ['http:', 'https:']) ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const accountSid = text(env, 'TWILIO_ACCOUNT_SID', '');
  const authToken = text(env, 'TWILIO_AUTH_TOKEN', '');
  const sender = text(env, 'TWILIO_FROM', '').trim();
  const given = { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: sender };
  const missing = TWILIO_CREDENTIALS.find((name) => !given[name]);
  if (missing !== undefined) {
    if (TWILIO_CREDENTIALS.every((name) => !given[name])) return null;
    throw new ConfigError(missing, `must be set too: SMS needs ${TWILIO_CREDENTIALS.join(', ')} (or none of them)`);
  }
  if (!/^AC[0-9a-f]{32}$/i.test(accountSid)) {
    throw new ConfigError(
      'TWILIO_ACCOUNT_SID',
      'must be "AC" followed by 32 hex digits (Twilio Console, Account Info)',
    );
  }
  return Object.freeze({ accountSid, authToken, ...twilioSender(sender), baseUrl });
}

function twilioSender(value: string): Pick<TwilioConfig, 'from' | 'messagingServiceSid'> {
  // A Messaging Service SID is "MG" and 32 hex digits; an alphanumeric sender ID is at most 11.
  if (/^MG[0-9a-f]{32}$/i.test(value)) return { from: null, messagingServiceSid: value };
  if (/^\+[1-9]\d{6,14}$/.test(value) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(value)) {
    return { from: value, messagingServiceSid: null };
  }
  throw new ConfigError(
    'TWILIO_FROM',
    `must be a phone number in E.164 form (+15125550100), a Messaging Service SID (MG…) or an alphanumeric sender ID, got "${value}"`,
  );
}

function abuseLimits(env: Env): AbuseLimits {
  const max = 1_000_000;
  return Object.freeze({
    sessionsPerMinute: integer(env, 'PARLOR_LIMIT_SESSIONS_PER_MINUTE', 10, 0, max),
    sessionsPerHour: integer(env, 'PARLOR_LIMIT_SESSIONS_PER_HOUR', 60, 0, max),
    questionsPerMinute: integer(env, 'PARLOR_LIMIT_QUESTIONS_PER_MINUTE', 20, 0, max),
    chatbotQuestionsPerMinute: integer(env, 'PARLOR_LIMIT_CHATBOT_QUESTIONS_PER_MINUTE', 120, 0, max),
    openStreams: integer(env, 'PARLOR_LIMIT_OPEN_STREAMS', 10, 0, max),
    leadWindowMinutes: integer(env, 'PARLOR_LIMIT_LEAD_WINDOW_MINUTES', 10, 0, 24 * 60),
    leadsPerHour: integer(env, 'PARLOR_LIMIT_LEADS_PER_HOUR', 5, 0, max),
    chatbotLeadsPerHour: integer(env, 'PARLOR_LIMIT_CHATBOT_LEADS_PER_HOUR', 60, 0, max),
    bookingsPerHour: integer(env, 'PARLOR_LIMIT_BOOKINGS_PER_HOUR', 5, 0, max),
    chatbotBookingsPerHour: integer(env, 'PARLOR_LIMIT_CHATBOT_BOOKINGS_PER_HOUR', 60, 0, max),
    mcpWritesPerHour: integer(env, 'PARLOR_LIMIT_MCP_WRITES_PER_HOUR', 3, 0, max),
    filesPerSession: integer(env, 'PARLOR_LIMIT_FILES_PER_SESSION', 20, 0, max),
    chatbotFilesPerHour: integer(env, 'PARLOR_LIMIT_CHATBOT_FILES_PER_HOUR', 200, 0, max),
    connectionsPerAddress: integer(env, 'PARLOR_LIMIT_CONNECTIONS_PER_ADDRESS', 256, 0, max),
  });
}

function trustedProxies(env: Env): TrustedProxies | null {
  try {
    return parseTrustedProxies(text(env, 'PARLOR_TRUSTED_PROXIES', ''));
  } catch (e) {
    if (e instanceof ProxyListError) throw new ConfigError('PARLOR_TRUSTED_PROXIES', e.message);
    throw e;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = text(env, 'HOST', '0.0.0.0');
  const httpStatus = text(env, 'PARLOR_HTTP_STATUS', 'strict');
  if (httpStatus !== 'strict' && httpStatus !== 'ok') {
    throw new ConfigError('PARLOR_HTTP_STATUS', `must be "strict" or "ok", got "${httpStatus}"`);
  }
  const logLevel = text(env, 'LOG_LEVEL', 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  const openaiBaseUrl = url(env, 'OPENAI_BASE_URL', ['http:', 'https:']);
  const publicUrl = url(env, 'PARLOR_PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  return Object.freeze({
    port,
    host,
    dataDir: resolve(text(env, 'PARLOR_DATA_DIR', './data')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    bootstrap: flag(env, 'PARLOR_BOOTSTRAP', true),
    httpStatus,
    logLevel,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    openai: Object.freeze({
      baseUrl: openaiBaseUrl,
      apiKey: text(env, 'OPENAI_API_KEY', ''),
      keyHeader: keyHeader(env),
      timeoutMs: integer(env, 'OPENAI_TIMEOUT_MS', 60_000, 100, 600_000),
      maxRetries: integer(env, 'OPENAI_MAX_RETRIES', 2, 0, 10),
      historyTokens: integer(env, 'PARLOR_HISTORY_TOKENS', 3000, 0, 1_000_000),
      transcriptionModel: text(env, 'OPENAI_TRANSCRIPTION_MODEL', 'whisper-1'),
    }),
    // PATH is the system's own variable, not a Parlor setting (.env.example lists those).
    media: Object.freeze({ ffmpegPath: text(env, 'FFMPEG_PATH', '') || null, searchPath: env.PATH ?? '' }),
    models: Object.freeze(models(env, openaiBaseUrl !== null)),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text(env, 'PARLOR_MAIL_FROM', 'Parlor <parlor@localhost>'),
    digestHour: integer(env, 'PARLOR_DIGEST_HOUR', 8, 0, 23),
    twilio: twilioConfig(env),
    allowPrivateUrls: flag(env, 'PARLOR_ALLOW_PRIVATE_URLS', false),
    fubBaseUrl: (url(env, 'FUB_BASE_URL', ['http:', 'https:']) ?? 'https://api.followupboss.com').replace(/\/+$/, ''),
    metricsToken: text(env, 'PARLOR_METRICS_TOKEN', '') || null,
    abuse: abuseLimits(env),
    uploads: uploadLimits(env),
    knowledge: knowledgeLimits(env),
    apiRequestsPerMinute: apiRequestsPerMinute(env),
    trustedProxies: trustedProxies(env),
  });
}
