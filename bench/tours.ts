// The tours figure: GetTourSlots over a chatbot with 5,000 showings booked in the next two weeks
// (every slot of the window holding some, the first days' full), on each database, against a
// running server. The answer is checked first (a benchmark of wrong answers measures nothing). The
// baseline is the raw node:http server answering Parlor's own GetTourSlots answer, timed by
// the same client loop (on a worker thread, off the bench's heap: lib/timed-loop.ts) in the same run.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { insertSession } from '../src/chat/repo.ts';
import type { Dialect } from '../src/db/connect.ts';
import { insertLead } from '../src/leads/repo.ts';
import { insertAppointment } from '../src/tours/repo.ts';
import { saveChatbotAvailability } from '../src/tours/service.ts';
import { dateValue, instantOf, localDate, zonedDay } from '../src/tours/zoned-time.ts';
import { createBenchDb, createTenant } from './lib/databases.ts';
import { freePort, type ServerProcess, startParlor, startProcess } from './lib/server-process.ts';
import { type Latency, latencyOf, minus } from './lib/stats.ts';
import { fixed } from './lib/table.ts';
import { timedLoop } from './lib/timed-loop.ts';

export interface ToursResult {
  database: Dialect;
  bookings: number;
  /** Slots in the answer (the whole horizon), and seeded slots at capacity (left out of it). */
  slots: number;
  full: number;
  seedSeconds: number;
  slotsLatency: Latency;
  baseline: Latency;
  /** Server CPU (user + system) per request over the measured run: moves less with the neighbours' load. */
  cpuMsPerRequest: { parlor: number | null; baseline: number | null };
}

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const SLOT_MS = 30 * 60_000;
/** 08:00–20:00 every day, half-hour slots, 15 showings at once, two weeks ahead. */
const AVAILABILITY = {
  Hours: DAYS.map((Day) => ({ Day, Start: '08:00', End: '20:00' })),
  SlotMinutes: 30,
  NoticeMinutes: 0,
  HorizonDays: 14,
  Capacity: 15,
  MaxUpcomingPerVisitor: 50,
};
const TIME_ZONE = 'America/Chicago';

/** The slot starts of the `days` days after today (08:00–20:00 local, every 30 minutes). */
function windowStarts(days: number): number[] {
  const today = localDate(Date.now(), TIME_ZONE);
  const starts: number[] = [];
  for (let d = 1; d <= days; d++) {
    const date = new Date(dateValue(today) + d * 86_400_000).toISOString().slice(0, 10);
    const day = zonedDay(date, TIME_ZONE);
    for (let k = 0; k < 24; k++) {
      const t = instantOf(day, 8 * 60 + k * 30, TIME_ZONE);
      if (t !== null) starts.push(t);
    }
  }
  return starts;
}

/**
 * `count` booked showings (each a lead of Type Appointment) spread over the window's slots,
 * written through the repositories BookTour uses, so the slot counts are kept as a booking
 * keeps them.
 */
async function seedBookings(
  db: ReturnType<Awaited<ReturnType<typeof createBenchDb>>['open']>,
  owner: { workspaceId: number; chatbotId: number },
  sessionId: number,
  count: number,
): Promise<Map<number, number>> {
  const starts = windowStarts(13);
  const booked = new Map<number, number>();
  const now = new Date();
  const batch = 500;
  for (let from = 0; from < count; from += batch) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = from; i < Math.min(count, from + batch); i++) {
        // Denser in the first days: their slots fill up (capacity 15), the later ones keep room.
        const start = starts[Math.floor(starts.length * ((i + 0.5) / count) ** 2)] ?? 0;
        booked.set(start, (booked.get(start) ?? 0) + 1);
        const email = `v${i}@bench.example`;
        const lead = await insertLead(
          trx,
          {
            ...owner,
            sessionId,
            name: `Visitor ${i}`,
            email,
            phone: '',
            message: '',
            source: 'api',
            type: 'Appointment',
          },
          now,
        );
        await insertAppointment(trx, {
          workspace_id: owner.workspaceId,
          chatbot_id: owner.chatbotId,
          session_id: sessionId,
          lead_id: lead.id,
          listing_id: null,
          mls_number: '',
          address: '',
          listing_url: '',
          start_at: new Date(start).toISOString(),
          end_at: new Date(start + SLOT_MS).toISOString(),
          name: `Visitor ${i}`,
          email,
          phone: '',
          message: '',
          email_key: email,
          phone_key: '',
          locale: 'en',
          remind_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
      }
    });
  }
  return booked;
}

async function post(url: string, apiKey: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: apiKey },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

export async function runTours(kind: Dialect, bookings: number, rounds: number): Promise<ToursResult> {
  const bench = await createBenchDb(kind);
  let server: ServerProcess | null = null;
  let baseline: ServerProcess | null = null;
  const answerFile = join(tmpdir(), `parlor-bench-slots-${process.pid}-${kind}.json`);
  try {
    const db = bench.open();
    const tenant = await createTenant(db, { TimeZone: TIME_ZONE });
    const now = new Date();
    await saveChatbotAvailability(
      db.kysely,
      { id: tenant.owner.chatbotId, workspaceId: tenant.owner.workspaceId },
      AVAILABILITY,
      now,
    );
    const sessionId = await insertSession(db.kysely, tenant.owner.workspaceId, tenant.owner.chatbotId, now);
    const t0 = performance.now();
    const booked = await seedBookings(db, tenant.owner, sessionId, bookings);
    const seedSeconds = (performance.now() - t0) / 1000;

    if (kind === 'postgres') await sql`analyze appointments, leads, tour_slot_counts`.execute(db.kysely);
    await db.close();

    server = await startParlor({ port: await freePort(), ...bench.target });
    const url = `${server.url}/chat/Chat/GetTourSlots`;
    const body = { sessionID: sessionId };
    const answer = await post(url, tenant.apiKey, body);
    const offered = new Set((JSON.parse(answer) as { Data: { Start: string }[] }).Data.map((s) => Date.parse(s.Start)));
    // Every seeded slot holds showings: those at capacity must be missing from the answer, the others there.
    const wrong = [...booked].filter(([start, n]) => offered.has(start) === n >= AVAILABILITY.Capacity);
    const full = [...booked].filter(([, n]) => n >= AVAILABILITY.Capacity).length;
    if (wrong.length || full === 0 || full === booked.size) {
      throw new Error(`unexpected GetTourSlots answer: ${offered.size} slots, ${full} full, ${wrong.length} wrong`);
    }
    writeFileSync(answerFile, answer);
    baseline = await startProcess({
      args: ['bench/baseline-server.ts'],
      env: { BASELINE_BODY_FILE: answerFile },
      port: await freePort(),
      readyPath: '/',
    });
    /** The run's latencies, and the server's CPU per request over it (timed-loop.ts: off the bench's heap). */
    const measured = async (target: string, pid: number | undefined) => {
      const headers = { 'content-type': 'application/json', authorization: tenant.apiKey };
      const loop = { url: target, headers, body: JSON.stringify(body), warmup: 30, count: rounds, concurrency: 4 };
      const run = await timedLoop({ ...loop, maxSeconds: 120, serverPid: pid });
      const n = run.samples.length;
      return { latency: latencyOf(run.samples), cpu: run.cpuMs === null || n === 0 ? null : run.cpuMs / n };
    };
    const parlor = await measured(url, server.child.pid);
    const base = await measured(baseline.url, baseline.child.pid);
    return {
      database: kind,
      bookings,
      slots: offered.size,
      full,
      seedSeconds,
      slotsLatency: parlor.latency,
      baseline: base.latency,
      cpuMsPerRequest: { parlor: parlor.cpu, baseline: base.cpu },
    };
  } finally {
    await server?.stop('SIGTERM');
    await baseline?.stop('SIGTERM');
    await bench.drop();
  }
}

export function toursRows(sqlite: ToursResult | null, pg: ToursResult | null): string[][] {
  const cell = (r: ToursResult | null, p: 'p50Ms' | 'p99Ms') =>
    r
      ? [fixed(r.slotsLatency[p], 1), fixed(r.baseline[p], 1), fixed(minus(r.slotsLatency[p], r.baseline[p]), 1)]
      : ['—', '—', '—'];
  const bookings = (sqlite ?? pg)?.bookings ?? 0;
  const cpu = (r: ToursResult | null) =>
    r
      ? [
          fixed(r.cpuMsPerRequest.parlor, 2),
          fixed(r.cpuMsPerRequest.baseline, 2),
          fixed(minus(r.cpuMsPerRequest.parlor, r.cpuMsPerRequest.baseline), 2),
        ]
      : ['—', '—', '—'];
  return [
    [`GetTourSlots, ${bookings} bookings, p50 ms`, ...cell(sqlite, 'p50Ms'), ...cell(pg, 'p50Ms')],
    ['  p99 ms', ...cell(sqlite, 'p99Ms'), ...cell(pg, 'p99Ms')],
    ['  server CPU ms/request', ...cpu(sqlite), ...cpu(pg)],
  ];
}

export function toursTargets(sqlite: ToursResult | null, pg: ToursResult | null) {
  const target = (name: string, r: ToursResult | null) => ({
    target: name,
    value: r?.slotsLatency.p99Ms ?? null,
    met: r ? (r.slotsLatency.p99Ms ?? Number.POSITIVE_INFINITY) <= 20 : null,
  });
  return {
    tourSlotsSqlite: target('GetTourSlots p99 ≤ 20 ms with 5,000 future bookings (SQLite)', sqlite),
    tourSlotsPostgres: target('GetTourSlots p99 ≤ 20 ms with 5,000 future bookings (PostgreSQL)', pg),
  };
}
