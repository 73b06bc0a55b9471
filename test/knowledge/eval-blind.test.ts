// Five more real-text knowledge sets, each written by someone who saw neither the engine nor the
// other sets, built as the Caliche & Cedar set is: a fictional brokerage with two offices,
// rewritten from real brokerages' and property managers' published pages, taught through the
// API as a text, a Q&A list and two uploaded documents (a Markdown guide and an HTML page), and
// asked 80 questions in English, Spanish and French the way visitors type them, 20 of which the
// material does not answer. Longleaf & Tide Realty (eval-longleaf/, Raleigh and Wilmington) was
// first measured as it came at 23/60 right and 8/20 honest, and then used while improving the
// engine; Bluestem & Brick Realty (eval-bluestem/, Omaha and Lincoln) at 39/60 and 4/20, after
// those changes; Tamarack & Basalt Realty (eval-tamarack/, Spokane and Tacoma) at 29/60 and 5/20,
// after the changes Bluestem & Brick led to; Tamarack & Fieldstone Realty (eval-fieldstone/,
// Madison and Milwaukee) at 26/60 and 4/20, after those Tamarack & Basalt led to; Sassafras &
// Slate Realty (eval-sassafras/, Columbus and Cincinnati) at 31/60 and 4/20, after those
// Tamarack & Fieldstone led to. Each prints
// its score by language and by source, and each miss; the floors are what the builtin engine
// scores now, so that a change answering fewer fails here. The target is 80% of each.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../harness.ts';
import { ask, type EvalResult, evalSet, scoreOf, teach } from './eval-run.ts';

const SETS = [
  {
    name: 'longleaf',
    brokerage: 'Longleaf & Tide Realty',
    checked: false,
    documents: ['longleaf-tide-buyer-seller-guide.md', 'property-management.html'],
    floor: { right: 34, honest: 10 },
  },
  {
    name: 'bluestem',
    brokerage: 'Bluestem & Brick Realty',
    checked: true,
    documents: ['buying-and-selling-guide.md', 'property-management.html'],
    floor: { right: 45, honest: 7 },
  },
  {
    name: 'tamarack',
    brokerage: 'Tamarack & Basalt Realty',
    checked: true,
    documents: ['home-buying-and-selling-guide.md', 'property-management.html'],
    floor: { right: 37, honest: 5 },
  },
  {
    name: 'fieldstone',
    brokerage: 'Tamarack & Fieldstone Realty',
    checked: true,
    documents: ['home-buyer-seller-guide.md', 'property-management.html'],
    floor: { right: 31, honest: 6 },
  },
  {
    name: 'sassafras',
    brokerage: 'Sassafras & Slate Realty',
    checked: true,
    documents: ['ohio-buyer-and-seller-guide.md', 'property-management.html'],
    floor: { right: 32, honest: 4 },
  },
];

const t = await buildTestApp();
afterAll(() => t.close());

// The sets written after Longleaf & Tide share one checker of their material and questions.
const CHECKER = fileURLToPath(new URL('./eval-blind-check.cjs', import.meta.url));

it.each(SETS.filter((s) => s.checked))('the $brokerage set passes its checker', ({ name }) => {
  const dir = fileURLToPath(new URL(`./eval-${name}/`, import.meta.url));
  const out = execFileSync(process.execPath, [CHECKER, dir], { encoding: 'utf8' });
  expect(out).toContain('OK: no errors');
});

it.each(SETS)(
  'teaches the $brokerage material and answers its questions',
  async ({ name, brokerage, documents, floor }) => {
    const set = evalSet(new URL(`./eval-${name}/`, import.meta.url), brokerage);
    const { ws, serial, sources } = await teach(t, '', set);
    expect(sources.map((s) => [s.Type, s.Name, s.Status])).toEqual([
      ['Text', expect.anything(), 2],
      ['QAList', expect.anything(), 2],
      ...documents.map((d) => ['FileList', d, 2]),
    ]);
    const results: EvalResult[] = [];
    for (const q of set.questions) results.push(await ask(t, ws.auth, serial, q));
    const s = scoreOf(results);
    const lines = [`knowledge eval ${name}: ${s.right}/${s.answerable} right, ${s.honest}/${s.uncovered} honest`];
    for (const lang of ['en', 'es', 'fr']) {
      const l = scoreOf(results.filter((r) => r.q.lang === lang));
      lines.push(`  ${lang}: ${l.right}/${l.answerable} right, ${l.honest}/${l.uncovered} honest`);
    }
    for (const source of [...new Set(results.map((r) => r.q.sourceName).filter((n) => n !== null))]) {
      const n = scoreOf(results.filter((r) => r.q.sourceName === source));
      lines.push(`  ${source}: ${n.right}/${n.answerable} right`);
    }
    console.log([...lines, ...s.misses.map((m) => `  ${m}`)].join('\n'));
    expect(set.questions.length).toBe(80);
    expect(s.right).toBeGreaterThanOrEqual(floor.right);
    expect(s.honest).toBeGreaterThanOrEqual(floor.honest);
  },
  180_000,
);
