// PostgreSQL's LISTEN/NOTIFY as statements, for live/bus.ts (the live events between
// instances): a notification sent through the pool, and the LISTEN and health query of the
// one dedicated connection that receives them. Channel names are Parlor's own constants.
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from './connect.ts';

/** Sends `payload` on `channel` to every instance listening (delivered when the sender commits). */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db.kysely);
}

/** Starts receiving `channel`'s notifications on a connection of its own. */
export async function listenOn(client: pg.Client, channel: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  await client.query(`LISTEN ${channel}`);
}

/** A round trip on the listening connection: it still answers. */
export async function pingListener(client: pg.Client): Promise<void> {
  await client.query('SELECT 1');
}
