// Checks the held-out knowledge set. Run: node check.mjs (from anywhere)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const read = (p) => readFileSync(join(dir, p), 'utf8');
const errors = [];
const notes = [];
const fail = (m) => errors.push(m);

const decode = (s) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&copy;/g, '©')
    .replace(/&middot;/g, '·')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const text = (html) =>
  decode(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
const part = (html, tag) => {
  const m = html.match(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'gi'));
  return m ? m.map(text).join(' ') : null;
};
const has = (hay, needle) => hay.toLowerCase().includes(needle.toLowerCase());

// ---- faq.txt
const faq = read('faq.txt');
const sections = faq
  .split(/^# /m)
  .slice(1)
  .map((s) => {
    const [title, ...body] = s.split('\n');
    return { title: title.trim(), words: body.join(' ').split(/\s+/).filter(Boolean).length };
  });
console.log(`faq.txt: ${sections.length} sections`);
for (const s of sections) {
  console.log(`  - ${s.title}: ${s.words} words`);
  if (s.words < 60 || s.words > 120) fail(`faq section "${s.title}" has ${s.words} words`);
}
if (sections.length !== 8) fail(`faq.txt has ${sections.length} sections, expected 8`);

// ---- qa.json
const qa = JSON.parse(read('qa.json'));
const langOf = (s) =>
  /[¿¡ñ]|\b(puedo|tengo|los|las|con|pueden)\b/i.test(s)
    ? 'es'
    : /\b(vous|les|une|sans|oui|peut-on)\b/i.test(s)
      ? 'fr'
      : 'en';
const qaLangs = { en: 0, es: 0, fr: 0 };
for (const e of qa) {
  if (typeof e.key !== 'string' || typeof e.value !== 'string') fail('qa entry without key/value strings');
  qaLangs[langOf(`${e.key} ${e.value}`)]++;
}
console.log(`qa.json: ${qa.length} entries (en ${qaLangs.en}, es ${qaLangs.es}, fr ${qaLangs.fr})`);
if (qa.length !== 12 || qaLangs.en !== 8 || qaLangs.es !== 2 || qaLangs.fr !== 2)
  fail('qa.json counts are not 12 = 8 en + 2 es + 2 fr');
const qaText = qa.map((e) => `${e.key} ${e.value}`).join('\n');

// ---- site
const pages = ['index.html', 'about.html', 'selling.html', 'renting.html', 'contact.html'];
const mains = {};
const chrome = {}; // header + nav + footer text per page
for (const p of pages) {
  const html = read(join('site', p));
  for (const tag of ['header', 'nav', 'main', 'footer'])
    if (!new RegExp(`<${tag}[ >]`).test(html)) fail(`${p}: no <${tag}>`);
  const h2 = (html.match(/<main[\s\S]*<\/main>/i)?.[0].match(/<h2[ >]/g) || []).length;
  if (h2 < 1) fail(`${p}: no <h2> in <main>`);
  mains[p] = part(html, 'main');
  chrome[p] = ['header', 'nav', 'footer'].map((t) => part(html, t)).join(' | ');
  console.log(`site/${p}: <main> ${mains[p].split(' ').length} words, ${h2} <h2>`);
}
const sameChrome = new Set(Object.values(chrome)).size === 1;
console.log(`shared header/nav/footer identical on all pages: ${sameChrome}`);
if (!sameChrome) fail('header/nav/footer differ between pages');

const sitemap = read('site/sitemap.xml');
const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const wantLocs = pages.map((p) => `http://SITE_ORIGIN/${p}`);
const sitemapOk = locs.length === 5 && wantLocs.every((l) => locs.includes(l));
console.log(`sitemap.xml: ${locs.length} URLs, ok: ${sitemapOk}`);
if (!sitemapOk) fail(`sitemap locs: ${locs.join(', ')}`);
const robots = read('site/robots.txt');
const robotsOk =
  /^User-agent: \*$/m.test(robots) &&
  /^Sitemap: http:\/\/SITE_ORIGIN\/sitemap\.xml$/m.test(robots) &&
  !/Disallow:\s*\S/.test(robots);
console.log(`robots.txt ok: ${robotsOk}`);
if (!robotsOk) fail('robots.txt not as described');

// ---- questions.json
const sourceTexts = { 'Text:faq.txt': faq, 'QAList:qa': qaText };
for (const p of pages) sourceTexts[`UrlList:${p}`] = mains[p];
const qs = JSON.parse(read('questions.json'));
const ids = new Set();
const count = { total: qs.length, answerable: 0, noAnswer: 0, lang: {}, source: {}, sourceName: {} };
const keys = new Set(qa.map((e) => e.key.toLowerCase().trim()));
const norm = (s) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9$%@.:' -]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const materialWords = norm([faq, qaText, ...Object.values(mains)].join(' ')).join(' ');
let longestShared = { n: 0 };

for (const q of qs) {
  const want = ['id', 'lang', 'question', 'expect', 'source', 'sourceName'];
  if (Object.keys(q).sort().join() !== [...want].sort().join()) fail(`${q.id}: fields ${Object.keys(q)}`);
  if (!/^(en|es|fr)-\d\d$/.test(q.id) || !q.id.startsWith(`${q.lang}-`)) fail(`${q.id}: bad id/lang`);
  if (ids.has(q.id)) fail(`${q.id}: duplicate id`);
  ids.add(q.id);
  if (keys.has(q.question.toLowerCase().trim())) fail(`${q.id}: copies a Q&A key`);
  // longest run of words shared with the material
  const w = norm(q.question);
  for (let i = 0; i < w.length; i++)
    for (let j = w.length; j > i + longestShared.n; j--) {
      if (materialWords.includes(w.slice(i, j).join(' '))) {
        longestShared = { n: j - i, id: q.id, run: w.slice(i, j).join(' ') };
        break;
      }
    }
  count.lang[q.lang] ??= { answerable: 0, noAnswer: 0 };
  const L = count.lang[q.lang];
  if (q.expect === null) {
    if (q.source !== null || q.sourceName !== null) fail(`${q.id}: no-answer with a source`);
    count.noAnswer++;
    L.noAnswer++;
    continue;
  }
  count.answerable++;
  L.answerable++;
  count.source[q.source] = (count.source[q.source] || 0) + 1;
  count.sourceName[q.sourceName] = (count.sourceName[q.sourceName] || 0) + 1;
  const key = `${q.source}:${q.sourceName}`;
  const src = sourceTexts[key];
  if (src === undefined) {
    fail(`${q.id}: unknown source ${key}`);
    continue;
  }
  if (!has(src, q.expect)) fail(`${q.id}: "${q.expect}" not in ${key}`);
  for (const p of pages) if (has(chrome[p], q.expect)) fail(`${q.id}: "${q.expect}" in header/nav/footer of ${p}`);
  for (const [k, t] of Object.entries(sourceTexts))
    if (k !== key && has(t, q.expect)) notes.push(`${q.id}: "${q.expect}" also occurs in ${k}`);
}
console.log('questions.json:', JSON.stringify(count));
console.log(
  `longest word run shared by a question and the material: ${longestShared.n} words (${longestShared.id}: "${longestShared.run}")`,
);
if (longestShared.n >= 6) fail('a question copies 6+ consecutive words from the material');

const expected = { total: 48, answerable: 36, noAnswer: 12 };
for (const [k, v] of Object.entries(expected)) if (count[k] !== v) fail(`${k} = ${count[k]}, expected ${v}`);
for (const l of ['en', 'es', 'fr']) {
  const c = count.lang[l] || {};
  if (c.answerable + c.noAnswer !== 16 || c.answerable !== 12 || c.noAnswer !== 4)
    fail(`${l}: ${JSON.stringify(c)}, expected 12 + 4`);
}
for (const n of notes) console.log('note:', n);
if (errors.length) {
  console.log(`\nFAILED (${errors.length}):`);
  for (const e of errors) console.log(`  ${e}`);
  process.exit(1);
}
console.log('\nALL CHECKS PASSED');
