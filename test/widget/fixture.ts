// Shared set-up of the widget's tests: a chatbot with Austin listings, as the demo has.
import { writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { bootstrapFile, DEMO_SETTINGS } from '../../src/setup/bootstrap.ts';
import { createChatbot, createListing, listingBody } from '../factories.ts';
import { call, newWorkspace, post, type TestApp } from '../harness.ts';

export async function demoChatbot(t: TestApp, settings: Record<string, unknown> = {}) {
  const ws = await newWorkspace(t.db);
  const serial = await createChatbot(t.app, ws.auth, 'Demo Realty Assistant');
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, ...DEMO_SETTINGS, ...settings }, ws.auth);
  for (const [price, street] of [
    [420000, '12 Oak St'],
    [399000, '7 Elm Ave'],
  ] as const) {
    await createListing(t.app, ws.auth, listingBody(serial, { SalePrice: price, Address: street, City: 'Austin' }));
  }
  return { ws, serial };
}

/** Makes the chatbot the one /demo shows, as first-start bootstrap does. */
export function useAsDemo(t: TestApp, serialNumber: string): void {
  writeFileSync(bootstrapFile(t.config.dataDir), JSON.stringify({ serialNumber }));
}

export async function edit(t: TestApp, auth: Record<string, string>, serialNumber: string, settings: object) {
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber, ...settings }, auth);
}

export interface VisitorConfig {
  SessionID: number;
  SessionKey: string;
  [k: string]: unknown;
}

export function getConfigOf(t: TestApp, serialNumber: string, headers: Record<string, string> = {}) {
  return post<VisitorConfig>(t.app, '/chat/Chatbot/GetConfig', { serialNumber }, headers);
}

/** GetConfig that must succeed: the visitor's session and key. */
export async function visitorOf(t: TestApp, serialNumber: string, headers: Record<string, string> = {}) {
  const r = await getConfigOf(t, serialNumber, headers);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Data;
}

export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A multipart/form-data body with one file part named `file`. */
export function multipartFile(
  fileName: string,
  bytes: Uint8Array,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'parlorboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
