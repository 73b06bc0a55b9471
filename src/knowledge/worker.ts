// The knowledge worker: reads the sources EditKnowledge left processing (documents, web
// pages, sitemaps) and the sitemaps due a re-sync, off the request path. Each source is
// claimed with a lease (repo-source-lease.ts claimSource), so several instances share the
// work and none reads a source twice at once; what it read replaces the source's passages in
// one transaction (status 2), or the source fails with the reason (status 3) and the rest of
// the knowledge keeps working. A failed re-sync keeps the passages of the last good read.
//
// Fair shares: each instance reads up to `workers` sources at once, and workspaces take turns
// with at most `workspaceInFlight` of one workspace's sources being read at once over all
// instances (tenant A's six slow pages delayed tenant B's one-line document by 60 s when the
// worker read one source at a time, first in first out).
import type { Readable } from 'node:stream';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import { type FileStorage, openFile } from '../files/index.ts';
import { track } from '../http/event-loop.ts';
import type { OutgoingPolicy } from '../net/outgoing.ts';
import { crawlSitemap, fetchPage } from './crawl.ts';
import { CRAWL_LIMITS, CrawlFailed, type CrawlLimits } from './crawl-request.ts';
import { ExtractionFailed } from './extract.ts';
import { type ExtractionLimits, extractDocument, stopReading } from './extract-child.ts';
import { type PassageCaps, PassagesCapped } from './passage-caps.ts';
import { textPassages } from './passages.ts';
import type { KnowledgeSource, NewPassage } from './repo.ts';
import { claimSource, finishSource } from './repo-source-lease.ts';

export interface KnowledgeWorkerDeps {
  db: Db;
  storage: FileStorage;
  clock: () => Date;
  outgoing: OutgoingPolicy;
  onError: (err: unknown) => void;
  /** How often the worker looks for work without being nudged. */
  pollMs?: number;
  /** Sources read at once on this instance, and of one workspace over all instances. */
  workers?: number;
  workspaceInFlight?: number;
  /** Passages a chatbot and a workspace may hold. */
  passageCaps?: PassageCaps;
  /** The extraction child's heap and deadline, for documents and pages alike. */
  extraction?: ExtractionLimits;
}

/** A worker holds a source this long; one that dies mid-read frees it when the lease ends. */
const LEASE_MS = 10 * 60_000;
/** Documents may be 20 MB (files/sniff.ts); a stored blob is never read past this. */
const DOCUMENT_MAX = 20 * 1024 * 1024;
/** StatusMessage is for people: the first few skipped pages, not hundreds. */
const MESSAGE_MAX = 1000;

interface Outcome {
  passages: NewPassage[];
  status: 2 | 3;
  message: string;
  length?: number;
}

const INTERNAL = 'the source could not be read (an internal error; see the server log)';

/** A failure the brokerage can act on (its StatusMessage); anything else is logged too. */
class SourceFailed extends Error {}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > DOCUMENT_MAX) {
      body.destroy();
      throw new SourceFailed('the document is larger than 20 MB');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const crawlLimits = (deps: KnowledgeWorkerDeps): CrawlLimits =>
  deps.extraction ? { ...CRAWL_LIMITS, extraction: deps.extraction } : CRAWL_LIMITS;

async function readDocument(deps: KnowledgeWorkerDeps, source: KnowledgeSource): Promise<Outcome> {
  const ctx = { db: deps.db.kysely, storage: deps.storage, now: deps.clock() };
  let opened: Awaited<ReturnType<typeof openFile>>;
  try {
    opened = await openFile(ctx, source.workspace_id, source.file_id ?? 0);
  } catch (err) {
    if (err instanceof NotFound) throw new SourceFailed('the document was deleted; upload it again');
    throw err;
  }
  const text = await extractDocument(await bytesOf(opened.body), opened.file.mime ?? '', deps.extraction);
  return { passages: textPassages(text), status: 2, message: '', length: text.length };
}

async function readPage(deps: KnowledgeWorkerDeps, source: KnowledgeSource): Promise<Outcome> {
  const page = await fetchPage(source.url, deps.outgoing, crawlLimits(deps));
  return {
    passages: textPassages(page.text, { link: page.url, title: page.title }),
    status: 2,
    message: '',
    length: page.text.length,
  };
}

async function readSitemap(deps: KnowledgeWorkerDeps, source: KnowledgeSource): Promise<Outcome> {
  const { pages, skipped } = await crawlSitemap(source.url, deps.outgoing, crawlLimits(deps));
  const passages = pages.flatMap((p) => textPassages(p.text, { link: p.url, title: p.title }));
  let message = `${pages.length} ${pages.length === 1 ? 'page' : 'pages'} read`;
  if (skipped.length) {
    message += `; ${skipped.length} skipped: ${skipped.map((s) => `${s.url}: ${s.reason}`).join('; ')}`;
  }
  if (message.length > MESSAGE_MAX) message = `${message.slice(0, MESSAGE_MAX - 1)}…`;
  return { passages, status: 2, message, length: pages.reduce((n, p) => n + p.text.length, 0) };
}

async function read(deps: KnowledgeWorkerDeps, source: KnowledgeSource): Promise<Outcome> {
  try {
    if (source.type === 'FileList') return await readDocument(deps, source);
    if (source.origin === 'sitemap') return await readSitemap(deps, source);
    return await readPage(deps, source);
  } catch (err) {
    if (err instanceof SourceFailed || err instanceof ExtractionFailed || err instanceof CrawlFailed) {
      return { passages: [], status: 3, message: err.message };
    }
    deps.onError(err);
    return { passages: [], status: 3, message: INTERNAL };
  }
}

/** Stores what was read; past a passage cap, or on a database error, the source fails instead. */
async function store(deps: KnowledgeWorkerDeps, source: KnowledgeSource, outcome: Outcome): Promise<void> {
  const { kysely, dialect } = deps.db;
  try {
    await finishSource(kysely, dialect, source, outcome, deps.clock(), deps.passageCaps);
  } catch (err) {
    if (!(err instanceof PassagesCapped)) deps.onError(err);
    const message = err instanceof PassagesCapped ? err.message : INTERNAL;
    const failed = { passages: [], status: 3 as const, message };
    await finishSource(kysely, dialect, source, failed, deps.clock()).catch(deps.onError);
  }
}

/** When this instance last claimed a source of each workspace: whose turn it is next. */
type Turns = Map<number, number>;

/** Claims the next source (workspaces taking turns), reads it and stores what was read. */
async function readNext(deps: KnowledgeWorkerDeps, turns: Turns): Promise<boolean> {
  const cap = Math.max(1, deps.workspaceInFlight ?? Number.MAX_SAFE_INTEGER);
  const lastServed = (workspaceId: number) => turns.get(workspaceId) ?? 0;
  const source = await claimSource(deps.db.kysely, deps.db.dialect, deps.clock(), LEASE_MS, cap, lastServed);
  if (!source) return false;
  turns.set(source.workspace_id, performance.now());
  const untrack = track(`knowledge source ${source.id} (${source.type}, workspace ${source.workspace_id})`);
  try {
    await store(deps, source, await read(deps, source));
  } finally {
    untrack();
  }
  return true;
}

/**
 * Reads claimable sources, up to `workers` at once, at most `max` in all, until `stopped()`;
 * answers how many were read. A source whose result cannot be stored (a database error) ends
 * in status 3 rather than blocking the others, and is logged.
 */
export async function processKnowledge(
  deps: KnowledgeWorkerDeps,
  max = 20,
  stopped: () => boolean = () => false,
): Promise<number> {
  let started = 0;
  const turns: Turns = new Map();
  const lane = async () => {
    while (started < max && !stopped()) {
      started++;
      if (!(await readNext(deps, turns))) {
        started--;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.workers ?? 1) }, lane));
  return started;
}

/**
 * Keeps up to `workers` lanes reading while sources wait: started every pollMs and when nudged
 * (a lane that finds nothing to claim ends; a nudge starts lanes again up to `workers`).
 */
export function startKnowledgeWorker(deps: KnowledgeWorkerDeps): { nudge(): void; stop(): Promise<void> } {
  const workers = Math.max(1, deps.workers ?? 1);
  const lanes = new Set<Promise<void>>();
  const turns: Turns = new Map();
  let stopped = false;
  const lane = async () => {
    while (!stopped && (await readNext(deps, turns))) {}
  };
  const run = () => {
    while (!stopped && lanes.size < workers) {
      const running: Promise<void> = lane()
        .catch(deps.onError)
        .finally(() => lanes.delete(running));
      lanes.add(running);
    }
  };
  const timer = setInterval(run, deps.pollMs ?? 5000);
  timer.unref();
  return {
    nudge: () => setImmediate(run),
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A document being read in a child process is given up (its lease runs out, and it is
      // read again later): the server stops without waiting for it.
      stopReading();
      await Promise.allSettled([...lanes]);
    },
  };
}
