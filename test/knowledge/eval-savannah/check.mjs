// Checks the Marsh Oak Realty held-out set. No dependencies.
// Run: node test/knowledge/eval-savannah/check.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const read = (p) => readFileSync(join(dir, p), 'utf8');
const errors = [];
const fail = (m) => errors.push(m);
const PAGES = ['index.html', 'about.html', 'selling.html', 'renting.html', 'contact.html'];

const decode = (s) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&middot;/g, '·')
    .replace(/&copy;/g, '©')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(+n))
    .replace(/&amp;/g, '&');
const textOf = (html) =>
  decode(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
const element = (html, tag) => {
  const all = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'gi'))];
  if (all.length === 1) return all[0][1];
  fail(`expected exactly one <${tag}>, found ${all.length}`);
  return '';
};

// ---- sources ----
const faq = read('faq.txt');
const qa = JSON.parse(read('qa.json'));
const sources = { 'faq.txt': faq, qa: qa.map((e) => `${e.key}\n${e.value}`).join('\n') };
const chrome = {};
for (const p of PAGES) {
  const html = read(`site/${p}`);
  if (!/^<!DOCTYPE html>/i.test(html)) fail(`${p}: not a full HTML document`);
  const main = element(html, 'main');
  sources[p] = textOf(main);
  chrome[p] = ['header', 'nav', 'footer'].map((t) => textOf(element(html, t))).join(' | ');
  const h2 = (main.match(/<h2\b/gi) || []).length;
  if (h2 < 2) fail(`${p}: only ${h2} <h2> in <main>`);
}
const sourceType = (name) => (name === 'faq.txt' ? 'Text' : name === 'qa' ? 'QAList' : 'UrlList');

// ---- faq.txt: 8 sections of 60-120 words ----
const sections = faq
  .split(/^# /m)
  .slice(1)
  .map((s) => {
    const [head, ...body] = s.split('\n');
    return { head: head.trim(), words: body.join(' ').split(/\s+/).filter(Boolean).length };
  });
if (sections.length !== 8) fail(`faq.txt: ${sections.length} sections, expected 8`);
for (const s of sections) if (s.words < 60 || s.words > 120) fail(`faq.txt "${s.head}": ${s.words} words`);

// ---- qa.json: 12 entries, 8 en / 2 es / 2 fr ----
const qaLang = (e) =>
  /[¿¡ñ]/.test(e.key + e.value) ? 'es' : /\b(vous|je|j'|nous)\b/i.test(e.key + e.value) ? 'fr' : 'en';
const qaCounts = { en: 0, es: 0, fr: 0 };
for (const e of qa) {
  if (typeof e.key !== 'string' || typeof e.value !== 'string' || Object.keys(e).length !== 2)
    fail(`qa: bad entry ${JSON.stringify(e).slice(0, 60)}`);
  qaCounts[qaLang(e)]++;
}
if (qa.length !== 12 || qaCounts.en !== 8 || qaCounts.es !== 2 || qaCounts.fr !== 2)
  fail(`qa: ${qa.length} entries ${JSON.stringify(qaCounts)}`);

// ---- sitemap and robots ----
const locs = [...read('site/sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
const wantLocs = PAGES.map((p) => `http://SITE_ORIGIN/${p}`).sort();
if (JSON.stringify(locs) !== JSON.stringify(wantLocs)) fail(`sitemap.xml: ${locs.join(', ')}`);
const robots = read('site/robots.txt');
if (
  !/^User-agent: \*$/m.test(robots) ||
  !/^Sitemap: http:\/\/SITE_ORIGIN\/sitemap\.xml$/m.test(robots) ||
  /^Disallow: \S/m.test(robots)
)
  fail('robots.txt not as described');

// ---- questions ----
const questions = JSON.parse(read('questions.json'));
const norm = (s) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const qaKeys = new Set(qa.map((e) => norm(e.key)));
const seen = new Set();
const counts = {};
const bump = (k) => (counts[k] = (counts[k] || 0) + 1);
for (const q of questions) {
  const tag = q.id;
  if (Object.keys(q).sort().join() !== 'expect,id,lang,question,source,sourceName')
    fail(`${tag}: fields ${Object.keys(q)}`);
  if (!/^(en|es|fr)-\d\d$/.test(q.id) || q.id.slice(0, 2) !== q.lang) fail(`${tag}: bad id/lang`);
  if (seen.has(q.id)) fail(`${tag}: duplicate id`);
  seen.add(q.id);
  if (qaKeys.has(norm(q.question))) fail(`${tag}: copies a Q&A key`);
  bump(`total`);
  bump(`${q.lang}`);
  if (q.expect === null) {
    if (q.source !== null || q.sourceName !== null) fail(`${tag}: no-answer with a source`);
    bump(`${q.lang} no-answer`);
    continue;
  }
  bump(`${q.lang} answerable`);
  bump(`source ${q.source}`);
  bump(`sourceName ${q.sourceName}`);
  if (!(q.sourceName in sources)) {
    fail(`${tag}: unknown sourceName ${q.sourceName}`);
    continue;
  }
  if (sourceType(q.sourceName) !== q.source) fail(`${tag}: source ${q.source} does not match ${q.sourceName}`);
  const x = q.expect.toLowerCase();
  if (!sources[q.sourceName].toLowerCase().includes(x)) fail(`${tag}: "${q.expect}" not in ${q.sourceName}`);
  for (const [name, text] of Object.entries(sources))
    if (name !== q.sourceName && text.toLowerCase().includes(x)) fail(`${tag}: "${q.expect}" also in ${name}`);
  for (const [name, text] of Object.entries(chrome))
    if (text.toLowerCase().includes(x)) fail(`${tag}: "${q.expect}" in header/nav/footer of ${name}`);
  if (q.question.toLowerCase().includes(x)) fail(`${tag}: question contains its own expect`);
}
for (const l of ['en', 'es', 'fr']) {
  if (counts[l] !== 16 || counts[`${l} answerable`] !== 12 || counts[`${l} no-answer`] !== 4)
    fail(`counts for ${l} wrong`);
}
if (counts.total !== 48) fail(`total ${counts.total}, expected 48`);
for (const p of [...PAGES, 'faq.txt', 'qa']) if (!counts[`sourceName ${p}`]) fail(`no question uses ${p}`);

console.log('faq.txt sections:', sections.map((s) => `${s.head} (${s.words})`).join('; '));
console.log('qa.json entries:', qa.length, JSON.stringify(qaCounts));
console.log('sitemap:', locs.length, 'pages; robots.txt ok:', !errors.some((e) => e.startsWith('robots')));
console.log('counts:', JSON.stringify(Object.fromEntries(Object.entries(counts).sort()), null, 1));
if (errors.length) {
  console.log(`\nFAIL (${errors.length}):\n- ${errors.join('\n- ')}`);
  process.exit(1);
}
console.log('\nOK: every expect is in its own source only, and in no header/nav/footer.');
