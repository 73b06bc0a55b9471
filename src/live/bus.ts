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
import pg from 'pg';
import type { Db } from '../db/connect.ts';
import { listenOn, notifyChannel, pingListener } from '../db/pg-channel.ts';

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
const CONNECT_TIMEOUT_MS = 5000;
const HEALTH_MS = 30_000;
const HEALTH_TIMEOUT_MS = 5000;

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

/** Every write announces itself in-process; the re-read only covers another process's writes (the CLI). */
export function localBus(pollMs = 5000): LiveBus {
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

  let health: NodeJS.Timeout | null = null;

  const connectListener = async () => {
    const c = new pg.Client({
      connectionString: url,
      application_name: name,
      // A half-open TCP connection (a failed-over server, a dropped NAT entry) is noticed by
      // keep-alive probes and by the health check below, not never.
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
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
    try {
      await c.connect();
      await listenOn(c, CHANNEL);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    health ??= setInterval(() => void check(), HEALTH_MS);
    health.unref();
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

  // Every HEALTH_MS the LISTEN connection answers a query within HEALTH_TIMEOUT_MS, or it is
  // treated as lost (its subscribers resync, and it reconnects while anyone listens).
  const check = async () => {
    const c = client;
    if (!c) return;
    if (listeners.count === 0) {
      // Nobody listens any more: let the connection go until someone subscribes again.
      client = null;
      await c.end().catch(() => {});
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('LISTEN connection did not answer')), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([pingListener(c), timeout]);
    } catch {
      c.emit('error', new Error('LISTEN connection health check failed'));
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    pollMs,
    async publish(event) {
      await notifyChannel(db, CHANNEL, `${event.workspaceId}:${event.sessionId}`);
    },
    subscribe(workspaceId, fn) {
      const off = listeners.add(workspaceId, fn);
      void ensure();
      return off;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (health) clearInterval(health);
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
