// What the chat feature runs with, wired by app.ts: the database, the clock, the engines and
// metrics, and the optional parts (a person's handoff, showings, file storage, abuse limits, live updates).
import type { OpenStreams, VisitorOrigin } from '../abuse/index.ts';
import type { EngineRegistry, LeadDetails, Qualification, TourDesk } from '../answer/index.ts';
import type { AbuseLimits } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { FileStorage } from '../files/index.ts';
import type { Metrics } from '../http/metrics.ts';
import type { LiveBus } from '../live/index.ts';

export interface ChatDeps {
  db: Db;
  clock: () => Date;
  engines: EngineRegistry;
  metrics: Metrics;
  /** Keep-alive interval of streamed answers (15 s); tests shorten it. */
  keepAliveMs?: number;
  /** Records a lead and starts the handoff (notify/), when configured. */
  talkToHuman?: (
    ctx: {
      workspaceId: number;
      chatbotId: number;
      sessionId: number;
      visitor?: VisitorOrigin | null;
      /** Who records it: the chat's engine (default) or an MCP client's contact_agent. */
      source?: 'chat' | 'mcp';
    },
    lead: LeadDetails,
  ) => Promise<string>;
  /** Adds a qualifying answer to the session's last lead; answers its qualification (leads/). */
  qualifyLead?: (ctx: { workspaceId: number; sessionId: number }, q: Partial<Qualification>) => Promise<Qualification>;
  /** Showings (tours/): the desk of a session, which engines use to offer slots and book. */
  tours?: (ctx: {
    workspaceId: number;
    chatbotId: number;
    sessionId: number;
    visitor?: VisitorOrigin | null;
    source?: 'chat' | 'mcp';
  }) => TourDesk;
  /** Where uploaded files live; media questions read their files from it. */
  storage?: FileStorage;
  /** Limits on widget visitors (abuse/); none when absent. */
  abuse?: { limits: AbuseLimits; streams: OpenStreams };
  /** Tells the console and the widget that a session changed (live/); none in some tests. */
  live?: LiveBus;
}
