// A chatbot's knowledge sources as GetSource lists them, and the wait for the knowledge worker
// (it reads documents, pages and sitemaps in the background) until none is processing.
import type { Static } from 'typebox';
import type { App } from '../../src/http/types.ts';
import type { SourceRecord } from '../../src/knowledge/schemas.ts';
import { call } from '../harness.ts';

/** A source as GetSource answers it (the response schema's type). */
export type Source = Static<typeof SourceRecord>;

export function sourcesOf(app: App, serial: string, auth: Record<string, string>): Promise<Source[]> {
  return call<Source[]>(app, '/chat/Chatbot/GetSource', { serialNumber: serial }, auth);
}

/** GetSource once no source is processing (status 1), or as it is after `withinMs`. */
export async function settledSources(
  app: App,
  serial: string,
  auth: Record<string, string>,
  withinMs = 15_000,
): Promise<Source[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const list = await sourcesOf(app, serial, auth);
    if (!list.some((x) => x.Status === 1) || Date.now() > until) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
}
