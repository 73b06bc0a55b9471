// The real-text knowledge set (eval-caliche/README.md): a fictional brokerage with two offices,
// rewritten from real brokerages' and property managers' published pages, taught through the
// API as a text, a Q&A list and two uploaded documents (a Markdown guide and an HTML page), and
// asked 128 questions in English, Spanish, French and Portuguese, 48 more in English, Spanish
// and French written later (the visitors' questions), and 144 worded after real people's
// questions (the people's questions: 80 in the four languages, 64 in English). Each part is
// scored separately; each prints answerable right / total and honest / total, by language and by
// source, and must stay at or above its floor, set at what the builtin engine scores now, so that
// later work can raise them.
// Misses are listed for every part but the part kept aside, which prints counts and nothing else.
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../harness.ts';
import { ask, type EvalQuestion, type EvalResult, evalSet, scoreOf, teach } from './eval-run.ts';

// Measured on both databases (the builtin engine is deterministic): when the set was first run,
// tuning 32/72 right and 9/24 honest, kept aside 9/24 and 1/8; with routing by evidence, the
// Portuguese glossary, the thresholds of docs/knowledge-answers.md and the place asked, 44/72 and
// 9/24, 12/24 and 2/8; with the brokerage's own towns no evidence and a missing glossary word
// weighed and a topic's question kept from passages not on it (docs/knowledge-answers.md),
// 43/72 and 12/24, 12/24 and 2/8; with each language's words (src/knowledge/words/), the
// Snowball stems of a question's Spanish, French and Portuguese words and the other place's
// parallel sentences left out, 49/72 and 12/24, 13/24 and 3/8; with homes named in a question
// about the brokerage's services no search and a price beside its fee the fee's condition
// (docs/knowledge-answers.md), 50/72 and 15/24, 13/24 and 3/8; with a rare glossary word the
// passage lacks weighed as one no passage holds, 50/72 and 17/24, 13/24 and 3/8; with a search no
// listing matches answered by a passage holding all of it, a name aside, 51/72 and 17/24, 13/24
// and 3/8; with a last clause that asks after a comma answered before the out-of-scope refusal,
// 52/72 and 17/24, 13/24 and 3/8; with another place's parallel sentence left out even when it
// shares no word with the question, 53/72 and 17/24, 13/24 and 3/8; with a visitor's words for the
// glossary's concepts and the related groups of docs/knowledge-answers.md ("English paraphrase"),
// 63/72 and 17/24, 13/24 and 3/8; with French "chat" a cat in a French question, 64/72 and 17/24,
// 13/24 and 3/8; with a lost key lost in every language, 64/72 and 17/24, 14/24 and 3/8; with a
// letter, coverage and what is required concepts of the glossary and a topic's passage known by
// its concept's words, 64/72 and 17/24, 15/24 and 3/8. The target is 80% of each on both parts.
const FLOORS = {
  tuning: { right: 64, honest: 17 },
  heldOut: { right: 15, honest: 3 },
  visitors: { right: 30, honest: 5 },
  people: { right: 66, honest: 12 },
};

const set = evalSet(new URL('./eval-caliche/', import.meta.url), 'Caliche & Cedar Realty');
const heldOut = JSON.parse(set.read('held-out.json').toString()) as EvalQuestion[];
// Written later, in English, Spanish and French, by someone who saw neither the engine nor the
// questions above (eval-caliche/README.md); first measured (Spanish and French 17/24 and 4/8,
// English 4/12 and 1/4), then used while improving the engine.
const visitors = JSON.parse(set.read('visitors.json').toString()) as EvalQuestion[];
// Written last, in the four languages, each worded after a real person's question on a public
// page (its `phrasedFrom`), in two batches of 24, first measured 6/16 and 2/8 each; then two
// English batches of 32, people's stories (first 5/24 and 1/8) and short chat questions (first
// 19/24 and 3/8), and one of 32 short ones in Spanish, French and Portuguese (first 16/24 and
// 3/8) (eval-caliche/README.md).
const people = JSON.parse(set.read('people.json').toString()) as EvalQuestion[];

const t = await buildTestApp();
afterAll(() => t.close());

function report(part: string, results: EvalResult[]): string {
  const s = scoreOf(results);
  const lines = [
    `knowledge eval caliche, ${part}: ${s.right}/${s.answerable} right, ${s.honest}/${s.uncovered} honest`,
  ];
  for (const lang of ['en', 'es', 'fr', 'pt']) {
    const l = scoreOf(results.filter((r) => r.q.lang === lang));
    lines.push(`  ${lang}: ${l.right}/${l.answerable} right, ${l.honest}/${l.uncovered} honest`);
  }
  for (const name of [...new Set(results.map((r) => r.q.sourceName).filter((n) => n !== null))]) {
    const n = scoreOf(results.filter((r) => r.q.sourceName === name));
    lines.push(`  ${name}: ${n.right}/${n.answerable} right`);
  }
  return lines.join('\n');
}

it('teaches the Caliche & Cedar material and answers every part of the set', async () => {
  const { ws, serial, sources } = await teach(t, '', set);
  expect(sources.map((s) => [s.Type, s.Name, s.Status])).toEqual([
    ['Text', expect.anything(), 2],
    ['QAList', expect.anything(), 2],
    ['FileList', 'buying-and-selling-guide.md', 2],
    ['FileList', 'rentals-and-property-management.html', 2],
  ]);
  const parts = { tuning: set.questions, heldOut, visitors, people };
  const titles = {
    tuning: 'tuning part',
    heldOut: 'part kept aside',
    visitors: "visitors' questions",
    people: "people's questions",
  };
  const scores: Record<string, ReturnType<typeof scoreOf>> = {};
  for (const [part, questions] of Object.entries(parts)) {
    const results: EvalResult[] = [];
    for (const q of questions) results.push(await ask(t, ws.auth, serial, q));
    const s = scoreOf(results);
    scores[part] = s;
    const misses = part !== 'heldOut' ? s.misses.map((m) => `  ${m}`) : [];
    console.log([report(titles[part as keyof typeof titles], results), ...misses].join('\n'));
  }
  expect(set.questions.length + heldOut.length).toBe(128);
  for (const part of ['tuning', 'heldOut', 'visitors', 'people'] as const) {
    expect(scores[part]?.right, `${part} right`).toBeGreaterThanOrEqual(FLOORS[part].right);
    expect(scores[part]?.honest, `${part} honest`).toBeGreaterThanOrEqual(FLOORS[part].honest);
  }
}, 180_000);
