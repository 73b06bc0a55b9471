// Verifies the evaluation set. No dependencies. Run: node test/knowledge/eval-longleaf/check.cjs
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const ROOT = __dirname;
const GUIDE = 'longleaf-tide-buyer-seller-guide.md';
const HTML = 'property-management.html';
let errors = 0;
const fail = (m) => {
  errors++;
  console.log('ERROR:', m);
};
const _warn = (m) => console.log('WARN :', m);

const norm = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const decode = (s) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&rsaquo;/g, '›')
    .replace(/&copy;/g, '©')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
const words = (s) => s.split(/\s+/).filter(Boolean).length;

function readJSON(f) {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8'));
  } catch (e) {
    fail(`${f} is not valid JSON: ${e.message}`);
    return null;
  }
}

// ---- sources: full text + sections ----
const sources = {};
{
  // faq.txt
  const t = fs.readFileSync(path.join(ROOT, 'faq.txt'), 'utf8');
  const secs = {};
  let cur = null;
  for (const line of t.split('\n')) {
    const m = line.match(/^# (.+)$/);
    if (m) {
      cur = m[1].trim();
      secs[cur] = '';
    } else if (cur) secs[cur] += `${line}\n`;
  }
  sources['faq.txt'] = { text: t, sections: secs };
  const n = Object.keys(secs).length;
  console.log(`faq.txt: ${n} sections, ${words(t)} words`);
  if (n < 10 || n > 12) fail('faq.txt must have 10-12 sections');
  if (!t.startsWith('# ')) fail('faq.txt must start with a "# " heading');
}
const qa = readJSON('qa.json');
if (qa) {
  const secs = {};
  qa.forEach((e, i) => {
    if (typeof e.key !== 'string' || typeof e.value !== 'string' || Object.keys(e).length !== 2)
      fail(`qa.json entry ${i} must be {key, value}`);
    if (secs[e.key] !== undefined) fail(`qa.json duplicate key ${e.key}`);
    secs[e.key] = `${e.key}\n${e.value}`;
  });
  sources.qa = { text: qa.map((e) => `${e.key}\n${e.value}`).join('\n\n'), sections: secs };
  const es = qa.filter((e) => /[¿¡ñáéíóú]/i.test(e.key)).length;
  console.log(`qa.json: ${qa.length} entries (${es} Spanish), ${words(sources.qa.text)} words`);
  if (qa.length !== 16 || es !== 2) fail('qa.json must have 16 entries, 2 of them Spanish');
}
{
  // guide
  const t = fs.readFileSync(path.join(ROOT, 'documents', GUIDE), 'utf8');
  const secs = {};
  let cur = null;
  for (const line of t.split('\n')) {
    const m = line.match(/^#{1,6} (.+)$/);
    if (m) {
      cur = m[1].trim();
      secs[cur] = '';
    } else if (cur) secs[cur] += `${line}\n`;
  }
  sources[GUIDE] = { text: t, sections: secs };
  const h2 = (t.match(/^## /gm) || []).length,
    bullets = (t.match(/^- /gm) || []).length;
  console.log(`${GUIDE}: ${words(t)} words, ${h2} ## headings, ${bullets} bullet lines`);
  if (h2 < 2 || bullets < 5) fail('guide needs ## headings and bullet lists');
}
{
  // html: only <main>
  const raw = fs.readFileSync(path.join(ROOT, 'documents', HTML), 'utf8');
  for (const tag of ['header', 'nav', 'main', 'footer'])
    if (!new RegExp(`<${tag}[\\s>]`).test(raw)) fail(`html lacks <${tag}>`);
  const main = (raw.match(/<main[^>]*>([\s\S]*?)<\/main>/) || [])[1] || '';
  const text = decode(main.replace(/<[^>]+>/g, ' ')).replace(/[ \t]+/g, ' ');
  const secs = {};
  const parts = main.split(/<h2[^>]*>/).slice(1);
  for (const p of parts) {
    const [h, rest] = p.split('</h2>');
    secs[decode(h.replace(/<[^>]+>/g, '')).trim()] = decode(rest.replace(/<[^>]+>/g, ' '));
  }
  sources[HTML] = { text, sections: secs };
  console.log(
    `${HTML}: ${words(text)} words inside <main>, ${words(decode(raw.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ')))} words on the page, ${Object.keys(secs).length} <h2> sections`,
  );
}
const nsrc = Object.fromEntries(Object.entries(sources).map(([k, v]) => [k, norm(v.text)]));

// ---- questions ----
const qs = readJSON('questions.json');
if (!qs) process.exit(1);
const ids = new Set();
const count = { lang: {}, source: {}, sourceName: {}, nullByLang: {}, phrased: 0, reject: 0 };
const inc = (o, k) => {
  o[k] = (o[k] || 0) + 1;
};
const crossHits = [];
const allowedKeys = new Set([
  'id',
  'lang',
  'question',
  'expect',
  'source',
  'sourceName',
  'section',
  'reject',
  'phrasedFrom',
]);
const srcOf = { Text: ['faq.txt'], QAList: ['qa'], FileList: [GUIDE, HTML] };

// 6-gram index of all material
const grams = new Set();
for (const t of Object.values(nsrc)) {
  const w = t
    .replace(/[^a-z0-9$%@.'-]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  for (let i = 0; i + 6 <= w.length; i++) grams.add(w.slice(i, i + 6).join(' '));
}

for (const q of qs) {
  for (const k of Object.keys(q)) if (!allowedKeys.has(k)) fail(`${q.id}: unexpected field ${k}`);
  if (ids.has(q.id)) fail(`duplicate id ${q.id}`);
  ids.add(q.id);
  if (!['en', 'es', 'fr'].includes(q.lang)) fail(`${q.id}: bad lang`);
  if (!q.id.startsWith(`${q.lang}-`)) fail(`${q.id}: id/lang mismatch`);
  if (!q.question || typeof q.question !== 'string') fail(`${q.id}: no question`);
  inc(count.lang, q.lang);
  if (q.phrasedFrom) {
    count.phrased++;
    if (!/^https?:\/\//.test(q.phrasedFrom)) fail(`${q.id}: phrasedFrom not a URL`);
  }
  // copied 6+ words?
  const qw = norm(q.question)
    .replace(/[^a-z0-9$%@.'-]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  for (let i = 0; i + 6 <= qw.length; i++)
    if (grams.has(qw.slice(i, i + 6).join(' ')))
      fail(`${q.id}: copies 6+ words of the material: "${qw.slice(i, i + 6).join(' ')}"`);

  if (q.expect === null) {
    inc(count.source, 'null');
    inc(count.nullByLang, q.lang);
    if (q.source !== null || q.sourceName !== null) fail(`${q.id}: null expect needs null source/sourceName`);
    if ('section' in q || 'reject' in q) fail(`${q.id}: null question must omit section/reject`);
    continue;
  }
  if (typeof q.expect !== 'string' || words(q.expect) > 5) fail(`${q.id}: expect must be a 1-5 word phrase`);
  inc(count.source, q.source);
  inc(count.sourceName, q.sourceName);
  if (!srcOf[q.source] || !srcOf[q.source].includes(q.sourceName)) {
    fail(`${q.id}: source/sourceName mismatch ${q.source}/${q.sourceName}`);
    continue;
  }
  const s = sources[q.sourceName];
  const ne = norm(q.expect);
  if (!nsrc[q.sourceName].includes(ne)) fail(`${q.id}: expect "${q.expect}" not found in ${q.sourceName}`);
  if (!q.section || s.sections[q.section] === undefined)
    fail(`${q.id}: section "${q.section}" not found in ${q.sourceName}`);
  else if (!norm(s.sections[q.section]).includes(ne))
    fail(`${q.id}: expect "${q.expect}" not inside section "${q.section}"`);
  if (q.reject !== undefined) {
    count.reject++;
    if (!nsrc[q.sourceName].includes(norm(q.reject)))
      fail(`${q.id}: reject "${q.reject}" not found in ${q.sourceName}`);
    if (norm(q.reject).includes(ne)) fail(`${q.id}: reject contains expect`);
  }
  const others = Object.keys(nsrc).filter((k) => k !== q.sourceName && nsrc[k].includes(ne));
  if (others.length) crossHits.push(`${q.id} "${q.expect}" (${q.sourceName}) also in: ${others.join(', ')}`);
}

console.log('\nquestions:', qs.length);
console.log('by lang      :', JSON.stringify(count.lang));
console.log('by source    :', JSON.stringify(count.source));
console.log('by file      :', JSON.stringify(count.sourceName));
console.log('null by lang :', JSON.stringify(count.nullByLang));
console.log('with reject  :', count.reject, '| with phrasedFrom:', count.phrased);
const want = { lang: { en: 56, es: 14, fr: 10 }, file: { 'faq.txt': 22, qa: 20, [GUIDE]: 11, [HTML]: 7 } };
if (qs.length !== 80) fail('need 80 questions');
for (const [k, v] of Object.entries(want.lang)) if (count.lang[k] !== v) fail(`lang ${k}: ${count.lang[k]} != ${v}`);
for (const [k, v] of Object.entries(want.file))
  if (count.sourceName[k] !== v) fail(`file ${k}: ${count.sourceName[k]} != ${v}`);
if (count.source.null !== 20) fail('need 20 uncovered questions');
if (count.phrased < 20) fail('need at least 20 phrasedFrom');
console.log('\nexpects also present in another source:', crossHits.length ? '' : 'none');
for (const h of crossHits) console.log(`  ${h}`);
console.log(errors ? `\n${errors} error(s)` : '\nALL CHECKS PASSED');
process.exit(errors ? 1 : 0);
