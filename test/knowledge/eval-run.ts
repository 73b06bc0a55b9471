// Runs a knowledge evaluation (test/knowledge/eval/ and the sets beside it): teaches a chatbot
// the fictional brokerage's material through the API — free text, Q&A, documents uploaded
// through File/Upload, a website on loopback read through its sitemap — then asks every question
// in a new conversation and scores the answers (eval/README.md): the expected phrase (case- and
// accent-insensitive), the source named, and where the question names one office, not the other
// office's value; for questions the material does not cover, the honest no-answer.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { createChatbot } from '../factories.ts';
import { call, newWorkspace, type TestApp } from '../harness.ts';
import { multipartFile } from '../widget/fixture.ts';
import { settledSources } from './sources.ts';

export interface EvalQuestion {
  id: string;
  lang: string;
  question: string;
  expect: string | null;
  source: string | null;
  sourceName: string | null;
  /** A phrase the answer must not hold: the other office's value, where the question names one. */
  reject?: string;
  /** The part of the source that answers (a heading, a Q&A question), for people reading the set. */
  section?: string;
  /** Where the question's wording was taken from, when a real page asked it that way. */
  phrasedFrom?: string;
}

export interface EvalResult {
  q: EvalQuestion;
  answer: string;
  noAnswer: boolean;
  ok: boolean;
  why: string;
}

/**
 * An answer set: a folder with `questions.json`, the free text `faq.txt`, the Q&A `qa.json`,
 * documents to upload (every `.pdf` and `.docx` in it, and every file in `documents/`) and,
 * when it has one, a website in `site/` with `sitemap.xml`.
 */
export interface EvalSet {
  read: (name: string) => Buffer;
  questions: EvalQuestion[];
  /** Paths inside the set; each is uploaded under its file name. */
  documents: string[];
  hasSite: boolean;
  /** The workspace's name. */
  brokerage: string;
}

export function evalSet(dir: URL, brokerage = 'Larkspur & Pine Realty'): EvalSet {
  const read = (name: string) => readFileSync(new URL(name, dir));
  const uploads = existsSync(new URL('documents/', dir))
    ? readdirSync(new URL('documents/', dir)).map((n) => `documents/${n}`)
    : [];
  const documents = [...readdirSync(dir).filter((n) => /\.(pdf|docx)$/.test(n)), ...uploads].sort();
  const hasSite = existsSync(new URL('site/sitemap.xml', dir));
  const questions = JSON.parse(read('questions.json').toString()) as EvalQuestion[];
  return { read, questions, documents, hasSite, brokerage };
}

/** The public set, test/knowledge/eval/. */
export const PUBLIC_SET = evalSet(new URL('./eval/', import.meta.url));
export const QUESTIONS = PUBLIC_SET.questions;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The website on loopback: site/ with its sitemap and robots.txt pointing at this origin. */
export async function serveSite({ read }: EvalSet = PUBLIC_SET): Promise<{ origin: string; server: Server }> {
  let origin = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const name = path === '/' ? 'index.html' : path.slice(1);
    if (!/^[a-z]+\.(html|xml|txt)$/.test(name)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = read(`site/${name}`).toString().replaceAll('http://SITE_ORIGIN', origin);
      const type = name.endsWith('.html') ? 'text/html' : name.endsWith('.xml') ? 'application/xml' : 'text/plain';
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server };
}

async function uploadDocument(
  t: TestApp,
  auth: Record<string, string>,
  read: EvalSet['read'],
  path: string,
): Promise<number> {
  const file = multipartFile(basename(path), read(path));
  const res = await t.app.inject({
    method: 'POST',
    url: '/chat/File/Upload',
    payload: file.payload,
    headers: { ...file.headers, ...auth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().Data.FileStoreId);
}

/** Teaches a new chatbot the material; answers its serial number and credentials once every source is read. */
export async function teach(t: TestApp, origin: string, set: EvalSet = PUBLIC_SET) {
  const { read } = set;
  const ws = await newWorkspace(t.db, set.brokerage);
  const serial = await createChatbot(t.app, ws.auth, set.brokerage.replace(/ Realty$/, ''));
  const fileList: number[] = [];
  for (const name of set.documents) fileList.push(await uploadDocument(t, ws.auth, read, name));
  await call(
    t.app,
    '/chat/Chatbot/EditKnowledge',
    {
      serialNumber: serial,
      text: read('faq.txt').toString(),
      qaList: JSON.parse(read('qa.json').toString()),
      fileList,
      ...(set.hasSite ? { SiteMapUrl: `${origin}/sitemap.xml` } : {}),
    },
    ws.auth,
  );
  return { ws, serial, sources: await settledSources(t.app, serial, ws.auth, 30_000) };
}

/** Whether the answer names the expected source (its file, its page; a Source line for text and Q&A). */
/** The source line of an answer, in any of the languages an answer may be written in. */
const SOURCE_LINE = /\((Source|Fuente|Fonte) ?:/;

function namesSource(answer: string, q: EvalQuestion): boolean {
  if (!SOURCE_LINE.test(answer)) return false;
  if (q.source === 'FileList' || q.source === 'UrlList') return answer.includes(q.sourceName ?? '\u0000');
  // Text and Q&A are named by their section or question: not by a document or a page.
  return !/\.(pdf|docx|html|md)\b/.test(answer);
}

export async function ask(
  t: TestApp,
  auth: Record<string, string>,
  serial: string,
  q: EvalQuestion,
): Promise<EvalResult> {
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    auth,
  );
  const r = await call<{ content: string; noAnswer: boolean }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: SessionID, content: q.question },
    auth,
  );
  if (q.expect === null) {
    const ok = r.noAnswer && !SOURCE_LINE.test(r.content);
    return { q, answer: r.content, noAnswer: r.noAnswer, ok, why: ok ? '' : 'answered what the material does not say' };
  }
  const has = fold(r.content).includes(fold(q.expect));
  const named = namesSource(r.content, q);
  const other = q.reject !== undefined && fold(r.content).includes(fold(q.reject));
  const why = !has
    ? `no "${q.expect}"`
    : !named
      ? `source not named as ${q.sourceName}`
      : other
        ? `the other office's "${q.reject}"`
        : '';
  return { q, answer: r.content, noAnswer: r.noAnswer, ok: has && named && !other, why };
}

/** Right answers of the answerable questions and honest no-answers of the uncovered, with each miss. */
export function scoreOf(results: EvalResult[]) {
  const answerable = results.filter((r) => r.q.expect !== null);
  const uncovered = results.filter((r) => r.q.expect === null);
  return {
    right: answerable.filter((r) => r.ok).length,
    answerable: answerable.length,
    honest: uncovered.filter((r) => r.ok).length,
    uncovered: uncovered.length,
    misses: results.filter((r) => !r.ok).map((r) => `${r.q.id} ${r.why}: ${r.q.question} → ${r.answer.slice(0, 140)}`),
  };
}
