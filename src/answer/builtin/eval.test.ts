// The single-question answer set (test/fixtures/eval/questions.json) through the builtin engine,
// with a real listing search, scored with exactly the rules of score.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newWorkspace, openTestDb } from '../../../test/harness.ts';
import type { Db } from '../../db/connect.ts';
import { createBuiltinEngine } from './engine.ts';
import { ask, type BaseRequest, EVAL_DIR, loadChatbot } from './testbed.ts';

interface Question {
  id: string;
  type: 'search' | 'count' | 'detail' | 'greeting' | 'offtopic';
  question: string;
  expected?: string[] | number | string;
  language?: 'English' | 'Spanish';
}
interface EvalSet {
  welcomeMessage: string;
  mlsPattern: string;
  questions: Question[];
}

const set = JSON.parse(readFileSync(join(EVAL_DIR, 'questions.json'), 'utf8')) as EvalSet;
const mlsRe = new RegExp(set.mlsPattern, 'g');

// The scoring functions of score.mjs, unchanged.
const digits = (s: string) => s.replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/\$/g, '');
const has = (text: string, value: string) =>
  new RegExp(`(^|[^0-9.])${value.replace('.', '\\.')}([^0-9]|$)`).test(digits(text));
const spanish = /\b(casas?|habitaciones|precio|venta|alquiler|encontr[ée]|propiedad(es)?|tenemos|dormitorios|mes)\b/i;

function score(q: Question, data: { content: string; noAnswer: boolean }): number {
  const answer = data.content;
  const named = new Set(answer.match(mlsRe) ?? []);
  switch (q.type) {
    case 'search': {
      const expected = new Set(q.expected as string[]);
      let s: number;
      if (expected.size === 0) s = named.size === 0 ? 1 : 0;
      else {
        const hit = [...named].filter((m) => expected.has(m)).length;
        const precision = named.size ? hit / named.size : 0;
        const coverage = Math.min(1, hit / Math.min(3, expected.size));
        s = (precision + coverage) / 2;
      }
      if (q.language === 'Spanish' && !spanish.test(answer)) s = Math.min(s, 0.5);
      return s;
    }
    case 'count':
      return has(answer, String(q.expected)) ? 1 : 0;
    case 'detail':
      return has(answer, String(q.expected)) ? 1 : 0;
    case 'greeting':
      return answer.toLowerCase().includes(set.welcomeMessage.toLowerCase()) ? 1 : 0;
    case 'offtopic':
      return data.noAnswer === true && named.size === 0 ? 1 : 0;
    default:
      return 0;
  }
}

let db: Db;
const bots: Record<string, BaseRequest> = {};

beforeAll(async () => {
  db = await openTestDb();
  const ws = await newWorkspace(db, 'Eval Realty');
  for (const language of ['English', 'Spanish']) {
    bots[language] = await loadChatbot(db, ws.workspaceId, {
      WelcomeMessage: set.welcomeMessage,
      AIResponseLanguage: language,
    });
  }
});

afterAll(async () => {
  await db.close();
});

test('the builtin engine passes the answer evaluation set', async () => {
  const engine = createBuiltinEngine();
  const byType: Record<string, { n: number; pass: number; score: number }> = {};
  const failures: string[] = [];
  const times: number[] = [];
  for (const q of set.questions) {
    const t0 = performance.now();
    const { content, noAnswer } = await ask(engine, bots[q.language ?? 'English'], q.question);
    times.push(performance.now() - t0);
    const s = score(q, { content, noAnswer });
    byType[q.type] ??= { n: 0, pass: 0, score: 0 };
    const t = byType[q.type];
    t.n++;
    t.score += s;
    if (s === 1) t.pass++;
    else
      failures.push(
        `- ${q.id} ${q.question}\n  expected ${JSON.stringify(q.expected)} score ${s}\n  answer: ${content}`,
      );
  }
  const n = set.questions.length;
  const pass = Object.values(byType).reduce((a, t) => a + t.pass, 0);
  const mean = Object.values(byType).reduce((a, t) => a + t.score, 0) / n;
  times.sort((a, b) => a - b);
  const lines = Object.entries(byType).map(
    ([k, t]) => `${k.padEnd(9)} ${t.pass}/${t.n} passed, mean ${(t.score / t.n).toFixed(2)}`,
  );
  console.log(
    [
      ...lines,
      ...failures,
      `eval: ${pass}/${n} passed, mean score ${mean.toFixed(3)}, p50 ${times[Math.floor(n / 2)].toFixed(1)} ms`,
    ].join('\n'),
  );
  expect(pass / n).toBeGreaterThanOrEqual(0.98);
  expect(mean).toBeGreaterThanOrEqual(0.98);
});
