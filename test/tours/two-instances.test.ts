// Capacity holds across instances (DESIGN §3.12): two Parlor processes on one PostgreSQL
// database, 50 visitors booking one slot of capacity 2 at once, half through each: exactly 2
// bookings, and every other visitor a 409 naming the next free slots. Several instances need
// PostgreSQL (SQLite is one process's embedded database), so this runs there only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerProcess } from '../../bench/lib/server-process.ts';
import { dbKind } from '../harness.ts';
import { seedWorkspace, startInstances } from '../instances.ts';

const onPostgres = dbKind === 'postgres';
let servers: ServerProcess[] = [];
let apiKey = '';
let serial = '';
let dataDir = '';

async function postJson<T>(i: number, path: string, body: unknown) {
  const res = await fetch((servers[i % 2]?.url ?? '') + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { Data: T; Code: number; Message: string } };
}

beforeAll(async () => {
  if (!onPostgres) return;
  const seeded = await seedWorkspace('Two Instances Tours', [{ TimeZone: 'America/Denver' }]);
  apiKey = seeded.apiKey;
  serial = seeded.serials[0] ?? '';
  dataDir = mkdtempSync(join(tmpdir(), 'parlor-tours-'));
  servers = await startInstances(2, { PARLOR_DATA_DIR: dataDir });
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it.skipIf(!onPostgres)(
  '50 concurrent bookings of one slot of capacity 2, over two instances → exactly 2',
  async () => {
    const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    const set = await postJson(0, '/chat/Chatbot/SetAvailability', {
      serialNumber: serial,
      Hours: days.map((Day) => ({ Day, Start: '00:00', End: '24:00' })),
      Capacity: 2,
      NoticeMinutes: 0,
      MaxUpcomingPerVisitor: 50,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const sessions = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const r = await postJson<{ SessionID: number }>(i, '/chat/Chatbot/GetSession', { serialNumber: serial });
        return r.body.Data.SessionID;
      }),
    );
    // Tomorrow's first slot: far enough that it cannot pass during the test.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const slots = await postJson<{ Start: string }[]>(0, '/chat/Chat/GetTourSlots', {
      sessionID: sessions[0],
      From: tomorrow,
      Days: 1,
    });
    const start = slots.body.Data[0]?.Start ?? '';
    expect(start).not.toBe('');

    const results = await Promise.all(
      sessions.map((sessionID, i) =>
        postJson<{ AppointmentID: number }>(i, '/chat/Chat/BookTour', {
          sessionID,
          Start: start,
          Name: `Visitor ${i}`,
          Email: `visitor${i}@example.com`,
        }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(48);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.Message).toMatch(/^Start: .* is already taken; the next free slots: .+\(\d{4}-\d{2}-\d{2}T/);
    }
    const list = await postJson<{ Start: string; Status: string }[]>(1, '/chat/Chatbot/AppointmentList', {
      serialNumber: serial,
      From: tomorrow,
      To: tomorrow,
    });
    expect(list.body.Data.filter((a) => a.Start === start && a.Status === 'booked')).toHaveLength(2);
  },
  60_000,
);

it.skipIf(!onPostgres)(
  "a booking, a cancel and new hours on one instance show at once in the other's slots, kept in its memory",
  async () => {
    const { body } = await postJson<{ SessionID: number }>(0, '/chat/Chatbot/GetSession', { serialNumber: serial });
    const sessionID = body.Data.SessionID;
    // Two days ahead: a day the test above left alone.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const slotsOn = async (i: number) =>
      (
        await postJson<{ Start: string }[]>(i, '/chat/Chat/GetTourSlots', { sessionID, From: day, Days: 1 })
      ).body.Data.map((s) => s.Start);
    const first = await slotsOn(0);
    expect(await slotsOn(0)).toEqual(first);
    const start = first[3] ?? '';
    expect(start).not.toBe('');

    const ids: number[] = [];
    for (const n of [1, 2]) {
      const booked = await postJson<{ AppointmentID: number }>(1, '/chat/Chat/BookTour', {
        sessionID,
        Start: start,
        Name: `Cache ${n}`,
        Email: `cache${n}@example.com`,
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      ids.push(booked.body.Data.AppointmentID);
    }
    // Capacity 2, both taken through instance 1: instance 0 no longer offers it.
    expect(await slotsOn(0)).toEqual(first.filter((s) => s !== start));

    const cancelled = await postJson(1, '/chat/Chat/CancelTour', { sessionID, AppointmentID: ids[0] });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await slotsOn(0)).toEqual(first);

    const blocked = await postJson(1, '/chat/Chatbot/SetAvailability', {
      serialNumber: serial,
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((Day) => ({ Day, Start: '00:00', End: '24:00' })),
      Capacity: 2,
      NoticeMinutes: 0,
      MaxUpcomingPerVisitor: 50,
      BlockedDates: [day],
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(await slotsOn(0)).toEqual([]);
  },
  60_000,
);
