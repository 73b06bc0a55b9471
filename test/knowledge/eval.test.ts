// The public knowledge evaluation (eval/README.md) on SQLite and PostgreSQL: every source is
// read (the robots-disallowed page is not), the builtin engine's score is printed, and it must
// meet its floors: what the engine scores now (53 of 54 answerable questions right, 11 honest
// no-answers of 15), above the targets of 90% (49 of 54) and 10. See docs/knowledge.md for what it
// measures and what it does not.
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../harness.ts';
import { ask, type EvalQuestion, PUBLIC_SET, QUESTIONS, scoreOf, serveSite, teach } from './eval-run.ts';

const FLOOR_RIGHT = 53;
const FLOOR_HONEST = 11;
// The people's questions (eval/people.json: 24 in English, Spanish and French, each worded after
// a real person's question on a public page), scored apart; first measured 7/16 and 2/8.
const PEOPLE = JSON.parse(PUBLIC_SET.read('people.json').toString()) as EvalQuestion[];
const PEOPLE_FLOOR = { right: 8, honest: 2 };

const t = await buildTestApp({ env: { PARLOR_ALLOW_PRIVATE_URLS: '1' } });
const site = await serveSite();
afterAll(async () => {
  await t.close();
  site.server.close();
});

it('teaches the material and answers the questions', async () => {
  const { ws, serial, sources } = await teach(t, site.origin);
  expect(sources.map((s) => [s.Type, s.Status])).toEqual([
    ['Text', 2],
    ['QAList', 2],
    ['FileList', 2],
    ['FileList', 2],
    ['UrlList', 2],
  ]);
  const sitemap = sources.find((s) => s.Type === 'UrlList');
  expect(sitemap?.StatusMessage).toMatch(/^5 pages read; 1 skipped: .*private\.html: .*robots\.txt/);

  const results = [];
  for (const q of QUESTIONS) results.push(await ask(t, ws.auth, serial, q));
  const s = scoreOf(results);
  console.log(
    `knowledge eval: ${s.right}/${s.answerable} answered right, ${s.honest}/${s.uncovered} honest no-answers\n${s.misses.join('\n')}`,
  );
  expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
  // The targets (measured: 54/54 and 11/15 on both databases).
  expect(s.right, s.misses.join('\n')).toBeGreaterThanOrEqual(FLOOR_RIGHT);
  expect(s.honest, s.misses.join('\n')).toBeGreaterThanOrEqual(FLOOR_HONEST);

  const people = [];
  for (const q of PEOPLE) people.push(await ask(t, ws.auth, serial, q));
  const p = scoreOf(people);
  console.log(
    `knowledge eval, people's questions: ${p.right}/${p.answerable} right, ${p.honest}/${p.uncovered} honest\n${p.misses.join('\n')}`,
  );
  expect(PEOPLE.length).toBe(24);
  expect(p.right, p.misses.join('\n')).toBeGreaterThanOrEqual(PEOPLE_FLOOR.right);
  expect(p.honest, p.misses.join('\n')).toBeGreaterThanOrEqual(PEOPLE_FLOOR.honest);
}, 120_000);
