// Checks the Caliche & Cedar set against its own rules (README.md), with no chatbot involved:
//   npx node test/knowledge/eval-caliche/check.ts
// - the guide has at least 1,500 words; the HTML page's facts are inside <main>, not in its
//   header, nav or footer;
// - every question is well formed; an answerable one's `expect` is in its source's text, and its
//   `reject` (the other office's value) is in the same source but never in the same sentence;
// - no question copies a Q&A question or six words in a row of the material;
// - the counts by language, source and covered/uncovered, and the split is exactly what
//   split.ts's rule selects (a quarter, stratified by source and language);
// - every page a question's wording was taken from is listed in the README.
// Exits 1 when something is wrong.
import { readFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import type { EvalQuestion } from '../eval-run.ts';
import { cellOf, heldOutIds, LANGS } from './split.ts';

const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const problems: string[] = [];
const fail = (msg: string) => problems.push(msg);
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase();
const words = (s: string) => fold(s).match(/[\p{L}\p{N}$%@.'-]+/gu) ?? [];

// ------------------------------------------------------------------ the sources' text
const GUIDE = 'buying-and-selling-guide.md';
const PAGE = 'rentals-and-property-management.html';
const qa = JSON.parse(read('qa.json')) as { key: string; value: string }[];
const html = parse(read(`documents/${PAGE}`));
const main = html.querySelector('main');
if (!main) fail(`${PAGE}: no <main>`);
const chrome = ['header', 'nav', 'footer'].map((tag) => html.querySelector(tag)?.structuredText ?? '').join('\n');
const sources: Record<string, string> = {
  'faq.txt': read('faq.txt'),
  qa: qa.map((e) => `${e.key}\n${e.value}`).join('\n'),
  [GUIDE]: read(`documents/${GUIDE}`),
  [PAGE]: main?.structuredText ?? '',
};
const SOURCE_TYPE: Record<string, string> = {
  'faq.txt': 'Text',
  qa: 'QAList',
  [GUIDE]: 'FileList',
  [PAGE]: 'FileList',
};
for (const [name, text] of Object.entries(sources)) console.log(`${name}: ${words(text).length} words`);
if (words(sources[GUIDE] ?? '').length < 1500) fail(`${GUIDE} has fewer than 1,500 words`);
const sections = (sources['faq.txt'] ?? '').match(/^# .+$/gm) ?? [];
console.log(`faq.txt: ${sections.length} sections; qa.json: ${qa.length} entries`);

/** Sentences (and list items, lines) of a text: where an office's value must stand alone. */
const sentences = (text: string) =>
  text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z¿¡("])/)
    .map(fold)
    .filter(Boolean);

// ------------------------------------------------------------------ the questions
const tuning = JSON.parse(read('questions.json')) as EvalQuestion[];
const heldOut = JSON.parse(read('held-out.json')) as EvalQuestion[];
const all = [...tuning, ...heldOut];
// The visitors' questions, written later by someone who saw neither the engine nor the others.
const visitors = JSON.parse(read('visitors.json')) as EvalQuestion[];
const FIELDS = new Set([
  'id',
  'lang',
  'question',
  'expect',
  'reject',
  'source',
  'sourceName',
  'section',
  'phrasedFrom',
]);
const material = words(Object.values(sources).join('\n')).join(' ');
const qaKeys = new Set(qa.map((e) => fold(e.key).trim()));
const readme = read('README.md');
const ids = new Set<string>();
let longest = { n: 0, id: '', run: '' };

for (const q of [...all, ...visitors]) {
  for (const k of Object.keys(q)) if (!FIELDS.has(k)) fail(`${q.id}: unknown field ${k}`);
  if (!/^v?(en|es|fr|pt)-\d\d$/.test(q.id) || !q.id.replace(/^v/, '').startsWith(`${q.lang}-`))
    fail(`${q.id}: id and lang disagree`);
  if (ids.has(q.id)) fail(`${q.id}: duplicate id`);
  ids.add(q.id);
  if (qaKeys.has(fold(q.question).trim())) fail(`${q.id}: copies a Q&A question`);
  if (q.phrasedFrom && !readme.includes(q.phrasedFrom)) fail(`${q.id}: ${q.phrasedFrom} is not in README.md`);
  const w = words(q.question);
  for (let i = 0; i < w.length; i++)
    for (let j = w.length; j > i + longest.n; j--)
      if (` ${material} `.includes(` ${w.slice(i, j).join(' ')} `)) {
        longest = { n: j - i, id: q.id, run: w.slice(i, j).join(' ') };
        break;
      }
  if (q.expect === null) {
    if (q.source !== null || q.sourceName !== null || q.reject || q.section)
      fail(`${q.id}: an uncovered question with a source`);
    continue;
  }
  const text = q.sourceName === null ? undefined : sources[q.sourceName];
  if (text === undefined || SOURCE_TYPE[q.sourceName ?? ''] !== q.source) {
    fail(`${q.id}: unknown source ${q.source} ${q.sourceName}`);
    continue;
  }
  if (!q.section || !fold(text).includes(fold(q.section)))
    fail(`${q.id}: section "${q.section}" not in ${q.sourceName}`);
  if (!fold(text).includes(fold(q.expect))) fail(`${q.id}: "${q.expect}" not in ${q.sourceName}`);
  if (fold(chrome).includes(fold(q.expect))) fail(`${q.id}: "${q.expect}" in the page's header, nav or footer`);
  for (const [name, other] of Object.entries(sources))
    if (name !== q.sourceName && fold(other).includes(fold(q.expect)))
      console.log(`note: ${q.id} "${q.expect}" also occurs in ${name}`);
  if (q.reject !== undefined) {
    if (!fold(text).includes(fold(q.reject))) fail(`${q.id}: reject "${q.reject}" not in ${q.sourceName}`);
    const both = sentences(text).find((s) => s.includes(fold(q.expect ?? '')) && s.includes(fold(q.reject ?? '')));
    if (both) fail(`${q.id}: "${q.expect}" and "${q.reject}" share a sentence: ${both}`);
  }
}
console.log(`longest run of words a question shares with the material: ${longest.n} (${longest.id}: "${longest.run}")`);
if (longest.n >= 6) fail('a question copies six words in a row of the material');

// ------------------------------------------------------------------ counts and the split
const WANT: Record<string, number> = { 'faq.txt': 8, qa: 6, [GUIDE]: 6, [PAGE]: 4, uncovered: 8 };
for (const lang of LANGS)
  for (const [cell, n] of Object.entries(WANT)) {
    const got = all.filter((q) => q.lang === lang && cellOf(q) === cell).length;
    if (got !== n) fail(`${lang} ${cell}: ${got} questions, want ${n}`);
  }
const held = heldOutIds(all);
const stored = new Set(heldOut.map((q) => q.id));
if (held.size !== stored.size || [...held].some((id) => !stored.has(id)))
  fail('held-out.json is not what split.ts selects');
const table = (qs: EvalQuestion[]) =>
  Object.keys(WANT)
    .map((cell) => `${cell} ${qs.filter((q) => cellOf(q) === cell).length}`)
    .join(', ');
console.log(`all ${all.length}: ${table(all)}`);
console.log(`tuning ${tuning.length}: ${table(tuning)}`);
console.log(`held out ${heldOut.length}: ${table(heldOut)}`);
for (const lang of LANGS)
  console.log(
    `  ${lang}: tuning ${tuning.filter((q) => q.lang === lang).length}, held out ${heldOut.filter((q) => q.lang === lang).length}`,
  );
console.log(`naming one office with the other's value to reject: ${all.filter((q) => q.reject).length}`);
const VISITORS_WANT: Record<string, number> = { 'faq.txt': 4, qa: 4, [GUIDE]: 2, [PAGE]: 2, uncovered: 4 };
for (const lang of ['en', 'es', 'fr'])
  for (const [cell, n] of Object.entries(VISITORS_WANT)) {
    const got = visitors.filter((q) => q.lang === lang && cellOf(q) === cell).length;
    if (got !== n) fail(`visitors ${lang} ${cell}: ${got} questions, want ${n}`);
  }
console.log(`visitors ${visitors.length}: ${table(visitors)}`);
console.log(`worded as a real page asked it: ${all.filter((q) => q.phrasedFrom).length}`);

if (problems.length) {
  console.log(`\nFAILED (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nALL CHECKS PASSED');
