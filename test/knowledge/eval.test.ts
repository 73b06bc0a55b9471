// The public knowledge evaluation (eval/README.md) on SQLite and PostgreSQL: every source is
// read (the robots-disallowed page is not), the builtin engine's score is printed, and it must
// meet its floors: what the engine scores now (53 of 54 answerable questions right, 11 honest
// no-answers of 15), above the targets of 90% (49 of 54) and 10. See docs/knowledge.md for what it
// measures and what it does not.
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../harness.ts';
import { ask, type EvalQuestion, PUBLIC_SET, QUESTIONS, serveSite, teach } from './eval-run.ts';

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
  const answerable = results.filter((r) => r.q.expect !== null);
  const uncovered = results.filter((r) => r.q.expect === null);
  const right = answerable.filter((r) => r.ok);
  const honest = uncovered.filter((r) => r.ok);
  const misses = results
    .filter((r) => !r.ok)
    .map((r) => `${r.q.id} ${r.why}: ${r.q.question} → ${r.answer.slice(0, 160)}`);
  console.log(
    `knowledge eval: ${right.length}/${answerable.length} answered right, ${honest.length}/${uncovered.length} honest no-answers\n${misses.join('\n')}`,
  );
  expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
  // The targets (measured: 54/54 and 11/15 on both databases).
  expect(right.length, misses.join('\n')).toBeGreaterThanOrEqual(FLOOR_RIGHT);
  expect(honest.length, misses.join('\n')).toBeGreaterThanOrEqual(FLOOR_HONEST);

  const people = [];
  for (const q of PEOPLE) people.push(await ask(t, ws.auth, serial, q));
  const peopleRight = people.filter((r) => r.q.expect !== null && r.ok).length;
  const peopleHonest = people.filter((r) => r.q.expect === null && r.ok).length;
  const peopleMisses = people.filter((r) => !r.ok).map((r) => `${r.q.id} ${r.why}: ${r.q.question}`);
  console.log(
    `knowledge eval, people's questions: ${peopleRight}/${people.filter((r) => r.q.expect !== null).length} right, ` +
      `${peopleHonest}/${people.filter((r) => r.q.expect === null).length} honest\n${peopleMisses.join('\n')}`,
  );
  expect(peopleRight, peopleMisses.join('\n')).toBeGreaterThanOrEqual(PEOPLE_FLOOR.right);
  expect(peopleHonest, peopleMisses.join('\n')).toBeGreaterThanOrEqual(PEOPLE_FLOOR.honest);
}, 120_000);
