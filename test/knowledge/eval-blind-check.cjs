#!/usr/bin/env node
'use strict';
// Dependency-free checker of a knowledge evaluation set written blind (eval-bluestem/,
// eval-tamarack/, eval-fieldstone/: a text, a Q&A list, a Markdown guide and an HTML page in
// documents/, 80 questions). The set's folder is the argument.
// Usage: node check.cjs   (exit code 1 when an error is found)

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(process.argv[2] ?? '.');
const GUIDE_NAME = fs.readdirSync(path.join(ROOT, 'documents')).find((n) => n.endsWith('.md'));
const HTML_NAME = 'property-management.html';
// The questions name the Q&A list "qa" or "qa.json".
const QA_NAME = /"sourceName":\s*"qa"/.test(fs.readFileSync(path.join(ROOT, 'questions.json'), 'utf8'))
  ? 'qa'
  : 'qa.json';
const FAQ_NAME = 'faq.txt';
const NGRAM = 6;

const errors = [];
const warnings = [];
const err = (msg) => errors.push(msg);
const warn = (msg) => warnings.push(msg);

function readText(rel) {
  return fs.readFileSync(path.join(ROOT, rel), 'utf8');
}

function readJson(rel) {
  const raw = readText(rel);
  try {
    return JSON.parse(raw);
  } catch (e) {
    err(`${rel}: invalid JSON (${e.message})`);
    return null;
  }
}

// Case- and accent-insensitive normal form.
function norm(s) {
  return String(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00a0/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntities(s) {
  const named = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' ',
    middot: '·',
    copy: '©',
    mdash: '—',
    ndash: '–',
    rsquo: '’',
    lsquo: '‘',
    ldquo: '“',
    rdquo: '”',
  };
  return s
    .replace(/&#(\d+);/g, (m, d) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (m, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&([a-z]+);/gi, (m, n) => (n.toLowerCase() in named ? named[n.toLowerCase()] : m));
}

function stripTags(html) {
  return decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style[\s\S]*?<\/style>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  );
}

// ---------- load sources ----------

function loadFaq() {
  const text = readText(FAQ_NAME);
  const sections = new Map();
  let current = null;
  let buf = [];
  const flush = () => {
    if (current !== null) sections.set(current, buf.join('\n'));
  };
  for (const line of text.split(/\r?\n/)) {
    const m = /^#\s+(.+?)\s*$/.exec(line);
    if (m) {
      flush();
      current = m[1];
      buf = [];
    } else if (current !== null) {
      buf.push(line);
    } else if (line.trim() !== '') {
      err(`${FAQ_NAME}: text before the first "# " heading`);
    }
  }
  flush();
  return { name: FAQ_NAME, full: text, sections };
}

function loadQa() {
  const data = readJson('qa.json');
  const sections = new Map();
  const parts = [];
  if (Array.isArray(data)) {
    for (const entry of data) {
      if (typeof entry.key !== 'string' || typeof entry.value !== 'string') {
        err(`qa.json: entry without string key/value: ${JSON.stringify(entry).slice(0, 80)}`);
        continue;
      }
      if (sections.has(entry.key)) err(`qa.json: duplicate key "${entry.key}"`);
      sections.set(entry.key, `${entry.key}\n${entry.value}`);
      parts.push(`${entry.key}\n${entry.value}`);
    }
  } else if (data !== null) {
    err('qa.json: top level is not an array');
  }
  return { name: QA_NAME, full: parts.join('\n\n'), sections, entries: Array.isArray(data) ? data : [] };
}

function loadGuide() {
  const rel = path.join('documents', GUIDE_NAME);
  const text = readText(rel);
  const sections = new Map();
  let current = '(preamble)';
  let buf = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^##\s+(.+?)\s*$/.exec(line);
    if (m) {
      sections.set(current, buf.join('\n'));
      current = m[1];
      buf = [];
    } else {
      buf.push(line);
    }
  }
  sections.set(current, buf.join('\n'));
  // Markdown emphasis markers should not break phrase matching.
  for (const [k, v] of sections) sections.set(k, v.replace(/\*\*/g, ''));
  return { name: GUIDE_NAME, full: text.replace(/\*\*/g, ''), sections };
}

function loadHtml() {
  const rel = path.join('documents', HTML_NAME);
  const html = readText(rel);
  for (const tag of ['header', 'nav', 'main', 'footer']) {
    if (!new RegExp(`<${tag}[\\s>]`, 'i').test(html)) err(`${HTML_NAME}: missing <${tag}>`);
  }
  const m = /<main[^>]*>([\s\S]*?)<\/main>/i.exec(html);
  const main = m ? m[1] : '';
  const sections = new Map();
  const pieces = main.split(/<h2[^>]*>/i);
  sections.set('(intro)', stripTags(pieces[0]));
  for (const piece of pieces.slice(1)) {
    const end = piece.search(/<\/h2>/i);
    const heading = stripTags(piece.slice(0, end)).replace(/\s+/g, ' ').trim();
    sections.set(heading, stripTags(piece));
  }
  return {
    name: HTML_NAME,
    full: stripTags(main),
    sections,
    outsideMain: stripTags(html.replace(/<main[\s\S]*?<\/main>/i, ' ')),
  };
}

const sources = [loadFaq(), loadQa(), loadGuide(), loadHtml()];
const byName = new Map(sources.map((s) => [s.name, s]));
const SOURCE_KIND = new Map([
  [FAQ_NAME, 'Text'],
  [QA_NAME, 'QAList'],
  [GUIDE_NAME, 'FileList'],
  [HTML_NAME, 'FileList'],
]);

// ---------- load questions ----------

const questions = readJson('questions.json');
if (!Array.isArray(questions)) {
  err('questions.json: top level is not an array');
}
const qs = Array.isArray(questions) ? questions : [];

// ---------- per-question checks ----------

const ids = new Set();
const counts = { total: 0, lang: {}, source: {}, sourceName: {}, nullByLang: {}, phrasedFrom: 0, reject: 0 };
const crossHits = [];

for (const item of qs) {
  counts.total += 1;
  const id = item.id;
  if (typeof id !== 'string' || id === '') err(`question without id: ${JSON.stringify(item).slice(0, 60)}`);
  if (ids.has(id)) err(`${id}: duplicate id`);
  ids.add(id);

  if (!['en', 'es', 'fr'].includes(item.lang)) err(`${id}: bad lang "${item.lang}"`);
  if (typeof id === 'string' && item.lang && !id.startsWith(`${item.lang}-`))
    warn(`${id}: id prefix does not match lang ${item.lang}`);
  counts.lang[item.lang] = (counts.lang[item.lang] || 0) + 1;
  if (typeof item.question !== 'string' || item.question.trim() === '') err(`${id}: empty question`);
  if (item.phrasedFrom !== undefined) {
    counts.phrasedFrom += 1;
    if (!/^https?:\/\//.test(item.phrasedFrom)) err(`${id}: phrasedFrom is not a URL`);
  }

  const isNull = item.expect === null;
  if (isNull) {
    counts.nullByLang[item.lang] = (counts.nullByLang[item.lang] || 0) + 1;
    counts.source.null = (counts.source.null || 0) + 1;
    if (item.source !== null || item.sourceName !== null)
      err(`${id}: uncovered question must have source and sourceName null`);
    if ('section' in item) err(`${id}: uncovered question must omit section`);
    if ('reject' in item) err(`${id}: uncovered question must omit reject`);
    continue;
  }

  counts.source[item.source] = (counts.source[item.source] || 0) + 1;
  counts.sourceName[item.sourceName] = (counts.sourceName[item.sourceName] || 0) + 1;
  if (typeof item.expect !== 'string' || item.expect.trim() === '') {
    err(`${id}: expect must be a non-empty string or null`);
    continue;
  }
  const words = item.expect.trim().split(/\s+/).length;
  if (words > 5) warn(`${id}: expect "${item.expect}" has ${words} words (aim for 1-5)`);

  const src = byName.get(item.sourceName);
  if (!src) {
    err(`${id}: unknown sourceName "${item.sourceName}"`);
    continue;
  }
  if (SOURCE_KIND.get(item.sourceName) !== item.source)
    err(`${id}: source "${item.source}" does not fit sourceName "${item.sourceName}"`);

  const exp = norm(item.expect);
  if (!norm(src.full).includes(exp)) err(`${id}: expect "${item.expect}" not found in ${src.name}`);
  if (typeof item.section !== 'string') {
    err(`${id}: missing section`);
  } else if (!src.sections.has(item.section)) {
    err(`${id}: section "${item.section}" not found in ${src.name}`);
  } else if (!norm(src.sections.get(item.section)).includes(exp)) {
    err(`${id}: expect "${item.expect}" not inside section "${item.section}" of ${src.name}`);
  }

  if (item.reject !== undefined) {
    counts.reject += 1;
    const rej = norm(item.reject);
    if (!norm(src.full).includes(rej)) err(`${id}: reject "${item.reject}" not found in ${src.name}`);
    if (rej === exp) err(`${id}: reject equals expect`);
  }

  for (const other of sources) {
    if (other.name === src.name) continue;
    if (norm(other.full).includes(exp))
      crossHits.push(`${id}: expect "${item.expect}" (${src.name}) also occurs in ${other.name}`);
  }
  if (src.name !== HTML_NAME && norm(byName.get(HTML_NAME).outsideMain).includes(exp)) {
    crossHits.push(
      `${id}: expect "${item.expect}" (${src.name}) also occurs outside <main> in ${HTML_NAME} (not counted as a source)`,
    );
  }
}

// ---------- copied-wording check ----------

function tokens(s) {
  return norm(s).match(/[a-z0-9$%]+(?:['.@-][a-z0-9$%]+)*/g) || [];
}

const materialGrams = new Map();
for (const src of sources) {
  const toks = tokens(src.full);
  for (let i = 0; i + NGRAM <= toks.length; i += 1) {
    const gram = toks.slice(i, i + NGRAM).join(' ');
    if (!materialGrams.has(gram)) materialGrams.set(gram, src.name);
  }
}
for (const item of qs) {
  const toks = tokens(item.question || '');
  for (let i = 0; i + NGRAM <= toks.length; i += 1) {
    const gram = toks.slice(i, i + NGRAM).join(' ');
    if (materialGrams.has(gram)) {
      err(`${item.id}: question copies ${NGRAM}+ consecutive words from ${materialGrams.get(gram)}: "${gram}"`);
      break;
    }
  }
}

// ---------- material sanity ----------

const faq = byName.get(FAQ_NAME);
const faqWords = tokens(faq.full).length;
if (faq.sections.size < 10 || faq.sections.size > 12)
  warn(`${FAQ_NAME}: ${faq.sections.size} sections (expected 10-12)`);
const qaEntries = byName.get(QA_NAME).entries;
if (qaEntries.length !== 16) warn(`qa.json: ${qaEntries.length} entries (expected 16)`);

// ---------- required counts for this set ----------

const EXPECTED = {
  total: 80,
  lang: { en: 56, es: 14, fr: 10 },
  source: { Text: 22, QAList: 20, FileList: 18, null: 20 },
  sourceName: { 'faq.txt': 22, [QA_NAME]: 20, [GUIDE_NAME]: 11, [HTML_NAME]: 7 },
  nullByLang: { en: 15, es: 3, fr: 2 },
  minPhrasedFrom: 20,
};
if (counts.total !== EXPECTED.total) err(`expected ${EXPECTED.total} questions, found ${counts.total}`);
for (const key of ['lang', 'source', 'sourceName', 'nullByLang']) {
  for (const [k, v] of Object.entries(EXPECTED[key])) {
    if ((counts[key][k] || 0) !== v) err(`expected ${key} ${k}=${v}, found ${counts[key][k] || 0}`);
  }
}
if (counts.phrasedFrom < EXPECTED.minPhrasedFrom)
  err(`expected at least ${EXPECTED.minPhrasedFrom} questions with phrasedFrom, found ${counts.phrasedFrom}`);
const spanishQaKeys = new Set(
  byName
    .get(QA_NAME)
    .entries.filter((e) => /[¿¡ñáéíóú]/i.test(e.key))
    .map((e) => e.key),
);
const esOnSpanishEntries = qs.filter((x) => x.lang === 'es' && spanishQaKeys.has(x.section)).length;
if (esOnSpanishEntries !== 2)
  warn(`${esOnSpanishEntries} Spanish questions target the Spanish Q&A entries (expected 2)`);

// ---------- report ----------

const fmt = (o) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
console.log(`${path.basename(ROOT)}: evaluation set check`);
const guideWords = tokens(byName.get(GUIDE_NAME).full).length;
const htmlWords = tokens(byName.get(HTML_NAME).full).length;
console.log(
  `  material: ${FAQ_NAME} ${faq.sections.size} sections / ${faqWords} words; qa.json ${qaEntries.length} entries; ${GUIDE_NAME} ${guideWords} words; ${HTML_NAME} <main> ${htmlWords} words`,
);
console.log(`  questions: ${counts.total}`);
console.log(`  by language: ${fmt(counts.lang)}`);
console.log(`  by source: ${fmt(counts.source)}`);
console.log(`  by sourceName: ${fmt(counts.sourceName)}`);
console.log(`  uncovered (null) by language: ${fmt(counts.nullByLang)}`);
console.log(`  with phrasedFrom: ${counts.phrasedFrom}; with reject: ${counts.reject}`);
console.log(`  cross-source expect hits: ${crossHits.length}`);
for (const line of crossHits) console.log(`    - ${line}`);
if (warnings.length) {
  console.log(`  warnings: ${warnings.length}`);
  for (const w of warnings) console.log(`    - ${w}`);
}
if (errors.length) {
  console.log(`  ERRORS: ${errors.length}`);
  for (const e of errors) console.log(`    - ${e}`);
  process.exitCode = 1;
} else {
  console.log('  OK: no errors');
}
