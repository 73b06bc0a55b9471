// Live events: "something changed in this session" (a question, an answer, an agent's reply,
// a handoff, a take-over, a hand-back), so that the console's inbox and a visitor's widget
// update without reloading, across instances.
//
// - PostgreSQL: NOTIFY on one channel; each instance that has a subscriber keeps one LISTEN
//   connection (opened on the first subscription, not before) and passes what arrives to
//   its subscribers. The payload only says which session changed: subscribers read the
//   database for what is new, so a lost or duplicated notification costs a read, never data.
//   When the LISTEN connection drops, subscribers get a resync (null) and it reconnects.
// - SQLite: one process is the only writer, so an in-process emitter tells every subscriber.
// Either way subscribers also re-read every `pollMs` (live/watch.ts), which covers a
// notification lost while reconnecting.
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connect.ts';

export interface LiveEvent {
  workspaceId: number;
  sessionId: number;
}

/** null: the bus may have missed events; re-read everything watched. */
export type LiveListener = (event: LiveEvent | null) => void;

export interface LiveBus {
  publish(event: LiveEvent): Promise<void>;
  /** Listens to one workspace's events; answers the function that stops listening. */
  subscribe(workspaceId: number, listener: LiveListener): () => void;
  /** How often a subscriber re-reads even without events. */
  readonly pollMs: number;
  close(): Promise<void>;
}

const CHANNEL = 'parlor_live';

function parse(payload: string | undefined): LiveEvent | null {
  const [w, s] = (payload ?? '').split(':').map(Number);
  return w && s ? { workspaceId: w, sessionId: s } : null;
}

class Listeners {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  count = 0;
  add(workspaceId: number, fn: LiveListener): () => void {
    const name = String(workspaceId);
    this.emitter.on(name, fn);
    this.emitter.on('*', fn);
    this.count++;
    return () => {
      this.emitter.off(name, fn);
      this.emitter.off('*', fn);
      this.count--;
    };
  }
  emit(event: LiveEvent): void {
    this.emitter.emit(String(event.workspaceId), event);
  }
  resync(): void {
    this.emitter.emit('*', null);
  }
}

export function localBus(pollMs = 1000): LiveBus {
  const listeners = new Listeners();
  return {
    pollMs,
    async publish(event) {
      listeners.emit(event);
    },
    subscribe: (workspaceId, fn) => listeners.add(workspaceId, fn),
    async close() {},
  };
}

/** `name` is the LISTEN connection's application_name (pg_stat_activity shows it). */
export function postgresBus(db: Db, url: string, pollMs = 5000, name = 'parlor-live'): LiveBus {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connectListener = async () => {
    const c = new pg.Client({ connectionString: url, application_name: name });
    c.on('notification', (n) => {
      const event = parse(n.payload);
      if (event) listeners.emit(event);
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      listeners.resync();
      if (!closed && listeners.count > 0) retry = setTimeout(() => void ensure(), 500);
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    // Whatever happened before LISTEN took effect is read by the subscriber's first read.
    listeners.resync();
  };
  const ensure = async () => {
    if (closed || client) return;
    connecting ??= connectListener()
      .catch(() => {
        // Keep trying while someone listens (their reads every pollMs cover the gap).
        if (!closed && listeners.count > 0) retry = setTimeout(() => void ensure(), 1000);
      })
      .finally(() => {
        connecting = null;
      });
    await connecting;
  };

  return {
    pollMs,
    async publish(event) {
      await sql`select pg_notify(${CHANNEL}, ${`${event.workspaceId}:${event.sessionId}`})`.execute(db.kysely);
    },
    subscribe(workspaceId, fn) {
      const off = listeners.add(workspaceId, fn);
      void ensure();
      return off;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export function liveBusFor(db: Db): LiveBus {
  return db.dialect === 'postgres' && db.url ? postgresBus(db, db.url) : localBus();
}
