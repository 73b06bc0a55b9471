// Checks the evaluation's material against its questions (no chatbot involved):
//   npx node test/knowledge/eval/check.ts
// - fees.pdf and neighborhoods.docx extract with unpdf and mammoth (the text is printed), and
//   the DOCX headings come out as <h1>;
// - every question is well formed, and its `expect` appears (case-insensitively) in the text
//   its source yields: a page's <main>, never its header, nav or footer;
// - an `expect` also found in another source is reported (the expected source must stay
//   unambiguous), and the robots-disallowed page's fact appears nowhere else;
// - the counts per language and per source type, and the no-answer questions.
// Exits 1 when something is wrong.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mammoth from 'mammoth';
import { parse } from 'node-html-parser';
import { extractText, getDocumentProxy } from 'unpdf';

const here = dirname(fileURLToPath(import.meta.url));
const read = (name: string) => readFileSync(join(here, name));

interface Question {
  id: string;
  lang: 'en' | 'es' | 'fr';
  question: string;
  expect: string | null;
  source: 'Text' | 'QAList' | 'FileList' | 'UrlList' | null;
  sourceName: string | null;
}

const problems: string[] = [];
const fail = (msg: string) => problems.push(msg);
const norm = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
const fold = (s: string) =>
  norm(s)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');

// ------------------------------------------------------------ the sources' text

const sources = new Map<string, string>();

sources.set('faq.txt', read('faq.txt').toString('utf8'));

const qa = JSON.parse(read('qa.json').toString('utf8')) as { key: string; value: string }[];
if (!Array.isArray(qa) || qa.length < 8 || qa.length > 12) fail(`qa.json: ${qa.length} entries, want 8-12`);
for (const e of qa) if (typeof e.key !== 'string' || typeof e.value !== 'string') fail(`qa.json: bad entry ${e}`);
sources.set('qa', qa.map((e) => `${e.key}\n${e.value}`).join('\n\n'));

const pdf = await getDocumentProxy(new Uint8Array(read('fees.pdf')));
const { totalPages, text: pdfText } = await extractText(pdf, { mergePages: true });
console.log(`--- fees.pdf (unpdf, ${totalPages} page(s)) ---\n${pdfText}\n`);
if (totalPages < 1 || totalPages > 2) fail(`fees.pdf: ${totalPages} pages, want 1-2`);
sources.set('fees.pdf', pdfText);

const docx = read('neighborhoods.docx');
const { value: docxHtml, messages } = await mammoth.convertToHtml({ buffer: docx });
const { value: docxText } = await mammoth.extractRawText({ buffer: docx });
console.log(`--- neighborhoods.docx (mammoth HTML) ---\n${docxHtml}\n`);
if (messages.length) fail(`neighborhoods.docx: mammoth says ${JSON.stringify(messages)}`);
const headings = [...docxHtml.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1]);
console.log(`<h1> headings: ${headings.join(' | ')}\n`);
if (headings.length < 3) fail(`neighborhoods.docx: ${headings.length} <h1> headings`);
sources.set('neighborhoods.docx', docxText);

const PAGES = ['index.html', 'about.html', 'buying.html', 'renting.html', 'contact.html'];
const boilerplate: string[] = [];
for (const page of [...PAGES, 'private.html']) {
  const root = parse(read(join('site', page)).toString('utf8'));
  const main = root.querySelector('main');
  for (const tag of ['header', 'nav', 'footer']) {
    const el = root.querySelector(tag);
    if (!el) fail(`site/${page}: no <${tag}>`);
    else boilerplate.push(el.text);
  }
  if (!main) fail(`site/${page}: no <main>`);
  else if (page !== 'private.html') sources.set(page, main.text);
}
const privateText = parse(read('site/private.html').toString('utf8')).querySelector('main')?.text ?? '';

const sitemap = read('site/sitemap.xml').toString('utf8');
for (const page of PAGES) {
  if (!sitemap.includes(`<loc>http://SITE_ORIGIN/${page}</loc>`)) fail(`sitemap.xml does not list ${page}`);
}
const robots = read('site/robots.txt').toString('utf8');
if (!/^Disallow: \/private\.html$/m.test(robots)) fail('robots.txt does not disallow /private.html');

// ---------------------------------------------------------------- the questions

const questions = JSON.parse(read('questions.json').toString('utf8')) as Question[];
const ids = new Set<string>();
const byLang: Record<string, number> = {};
const byType: Record<string, number> = {};
const byName: Record<string, number> = {};
const noAnswer: Record<string, number> = {};
const qaKeys = new Set(qa.map((e) => norm(e.key)));
let copiedKeys = 0;

for (const q of questions) {
  if (ids.has(q.id)) fail(`${q.id}: duplicate id`);
  ids.add(q.id);
  if (!['en', 'es', 'fr'].includes(q.lang) || !q.id.startsWith(`${q.lang}-`)) fail(`${q.id}: bad lang ${q.lang}`);
  if (typeof q.question !== 'string' || !q.question.trim()) fail(`${q.id}: no question`);
  if (qaKeys.has(norm(q.question))) copiedKeys++;
  if (q.expect === null) {
    if (q.source !== null) fail(`${q.id}: a no-answer question with a source`);
    noAnswer[q.lang] = (noAnswer[q.lang] ?? 0) + 1;
    continue;
  }
  byLang[q.lang] = (byLang[q.lang] ?? 0) + 1;
  byType[q.source ?? 'none'] = (byType[q.source ?? 'none'] ?? 0) + 1;
  byName[q.sourceName ?? 'none'] = (byName[q.sourceName ?? 'none'] ?? 0) + 1;
  const wantType =
    q.sourceName === 'faq.txt'
      ? 'Text'
      : q.sourceName === 'qa'
        ? 'QAList'
        : q.sourceName?.endsWith('.html')
          ? 'UrlList'
          : 'FileList';
  if (q.source !== wantType) fail(`${q.id}: source ${q.source} does not match ${q.sourceName}`);
  const text = q.sourceName ? sources.get(q.sourceName) : undefined;
  if (text === undefined) {
    fail(`${q.id}: unknown source ${q.sourceName}`);
    continue;
  }
  const expect = q.expect;
  if (!norm(text).includes(norm(expect))) fail(`${q.id}: "${expect}" is not in ${q.sourceName}`);
  const elsewhere = [...sources].filter(([name, t]) => name !== q.sourceName && fold(t).includes(fold(expect)));
  if (elsewhere.length) {
    console.log(`note ${q.id}: "${expect}" also appears in ${elsewhere.map(([n]) => n).join(', ')}`);
  }
  if (boilerplate.some((b) => fold(b).includes(fold(expect)))) {
    fail(`${q.id}: "${expect}" appears in a page's header, nav or footer`);
  }
}
if (copiedKeys > 2) fail(`${copiedKeys} questions copy a Q&A key verbatim (at most 2)`);

// The page robots.txt disallows holds a fact no other source states.
for (const [name, text] of sources) if (fold(text).includes('boulder')) fail(`${name} mentions Boulder`);
if (!fold(privateText).includes('boulder')) fail('private.html does not hold its Boulder fact');

const answerable = questions.length - Object.values(noAnswer).reduce((a, b) => a + b, 0);
console.log(`questions: ${questions.length} (${answerable} answerable)`);
console.log('answerable per language:', byLang);
console.log('answerable per source type:', byType);
console.log('answerable per source:', byName);
console.log('no-answer per language:', noAnswer);
console.log(`questions copying a Q&A key verbatim: ${copiedKeys}`);

for (const lang of ['en', 'es', 'fr']) {
  if ((byLang[lang] ?? 0) + (noAnswer[lang] ?? 0) < 14) fail(`${lang}: fewer than 14 questions`);
}
for (const type of ['Text', 'QAList', 'FileList', 'UrlList']) {
  if ((byType[type] ?? 0) < 5) fail(`${type}: fewer than 5 questions`);
}
if (answerable < 48) fail(`only ${answerable} answerable questions`);
if (questions.length - answerable < 12) fail('fewer than 12 no-answer questions');

if (problems.length) {
  console.error(`\n${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nall checks passed');
