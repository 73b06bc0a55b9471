// Several Parlor processes on the test run's PostgreSQL database, for the tests of what must
// hold across instances: the workspace and chatbots are written straight to the database
// (the processes are not this one), then the servers start.
import { inject } from 'vitest';
import { freePort, type ServerProcess, startParlor } from '../bench/lib/server-process.ts';
import { insertChatbot } from '../src/chatbots/repo.ts';
import { DEFAULT_SETTINGS, type Settings } from '../src/chatbots/settings.ts';
import { connect } from '../src/db/connect.ts';
import { createWorkspace } from '../src/workspaces/repo.ts';

/** A workspace with one chatbot per settings given; answers its key and the chatbots' serials. */
export async function seedWorkspace(name: string, chatbots: Partial<Settings>[]) {
  const db = connect({ databaseUrl: inject('pgUrl'), dataDir: '' });
  try {
    const now = new Date();
    const ws = await createWorkspace(db.kysely, name, now);
    const serials: string[] = [];
    for (const s of chatbots) {
      serials.push(
        (await insertChatbot(db.kysely, ws.workspaceId, 0, { ...DEFAULT_SETTINGS, ...s }, now)).serialNumber,
      );
    }
    return { apiKey: ws.apiKey, serials };
  } finally {
    await db.close();
  }
}

/** `count` Parlor processes on the test database, started together. */
export function startInstances(count: number, env: Record<string, string> = {}): Promise<ServerProcess[]> {
  const databaseUrl = inject('pgUrl');
  return Promise.all(
    Array.from({ length: count }, async () => startParlor({ port: await freePort(), databaseUrl, env })),
  );
}
