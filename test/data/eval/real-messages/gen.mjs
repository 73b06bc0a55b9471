#!/usr/bin/env node
// Writes conversations.json beside this file: the real-message set, each turn with an expectation
// computed by code from the criteria annotated in messages/*.mjs, over the listings and facts of
// the conversation set (../conversations), with exactly that set's conventions (README.md).
// Deterministic: no clock, no randomness; the split is a hash of each conversation's id.
//   node gen.mjs           write conversations.json and print a summary
//   node gen.mjs --check   exit 1 when conversations.json is not what this script writes
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EN } from './messages/en.mjs';
import { ES } from './messages/es.mjs';
import { FR } from './messages/fr.mjs';
import { PT } from './messages/pt.mjs';
import { SOURCES } from './messages/sources.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const LISTINGS_FILE = '../conversations/listings.json';
const base = JSON.parse(readFileSync(join(HERE, '../conversations/conversations.json'), 'utf8'));
const listings = JSON.parse(readFileSync(join(HERE, LISTINGS_FILE), 'utf8'));
const facts = base.facts;

// ---------------------------------------------------------------- the conversation set's conventions
const F = Object.entries(facts)
  .map(([mls, f]) => ({ mls, ...f }))
  .sort((a, b) => (a.mls < b.mls ? -1 : 1));
const listingOf = Object.fromEntries(listings.map((l) => [l.MLSNumber, l]));
const AVAILABLE = ['Active', 'PreOnMarket'];
const KINDS = { HOMES: ['sfr', 'condo', 'town', 'apt', 'multi'], HOUSES: ['sfr', 'town', 'multi'], APT: ['apt', 'condo'] };
const BOUNDS = { minPrice: 'price', maxPrice: 'price', minArea: 'area', maxYear: 'year', maxHoa: 'hoa' };

/** Whether a listing fits a search (the conversation set's gen.mjs, unchanged). */
function fits(f, c) {
  if (c.city && f.city !== c.city) return false;
  if (c.sale && f.sale !== c.sale) return false;
  const statuses = c.status === 'sold' ? ['Sold'] : c.status === 'soon' ? ['PreOnMarket'] : AVAILABLE;
  if (!statuses.includes(f.status)) return false;
  if (c.kinds && !c.kinds.includes(f.kind)) return false;
  if (c.minBeds !== undefined && f.beds < c.minBeds) return false;
  if (c.maxBeds !== undefined && f.beds > c.maxBeds) return false;
  if (c.minBaths !== undefined && f.baths < c.minBaths) return false;
  if (c.minPrice !== undefined && f.price < c.minPrice) return false;
  if (c.maxPrice !== undefined && f.price > c.maxPrice) return false;
  if (c.minArea !== undefined && f.area < c.minArea) return false;
  if (c.minYear !== undefined && f.year < c.minYear) return false;
  if (c.maxYear !== undefined && (f.year >= c.maxYear || f.year === 0)) return false;
  if (c.maxHoa !== undefined && (f.hoa ?? 0) > c.maxHoa) return false;
  if (c.noHoa && (f.hoa ?? 0) !== 0) return false;
  if (c.tours && f.tours !== c.tours) return false;
  for (const [k, v] of Object.entries(c.features ?? {})) if (f.features[k] !== v) return false;
  return true;
}
/** Every listing that fits; refuses a bound that is some listing's exact value ("under" = "up to"). */
function fitOf(c) {
  const scope = F.filter((f) => (!c.city || f.city === c.city) && (!c.sale || f.sale === c.sale));
  for (const [k, field] of Object.entries(BOUNDS)) {
    if (c[k] === undefined) continue;
    const on = scope.find((f) => (f[field] ?? 0) === c[k]);
    if (on) throw new Error(`bound ${k}=${c[k]} is the ${field} of ${on.mls}`);
  }
  return F.filter((f) => fits(f, c));
}
/** Every number a listing shows; a value asked about must be the only one equal to it. */
function numbersOf(f) {
  const l = listingOf[f.mls];
  return [f.price, f.beds, f.baths, f.area, f.lot, f.year, f.hoa, f.parking, f.deposit, f.dom, l.UnitAreaPrice, Number(l.ZIP), ...(l.Address.match(/\d+/g) ?? []).map(Number)].filter((x) => x !== null && x !== undefined);
}
const distinct = (f, field) => numbersOf(f).filter((x) => x === f[field]).length === 1;
const mlsOf = (list) => list.map((f) => f.mls);
const sortedBy = (list, by, dir) => [...list].sort((a, b) => (dir === 'asc' ? a[by] - b[by] : b[by] - a[by]) || (a.mls < b.mls ? -1 : 1));

// ---------------------------------------------------------------- annotated criteria → expectations
const IDENTITY = String.raw`\b(assistant|assistente|asistente|chatbot|bot|virtual|AI|IA|robot|robô)\b`;
const NOT_HUMAN = String.raw`\bI(')?( a)?m (a )?(real )?(human|person)\b`;
/** A listing named by MLS number or by address. */
function listing(ref) {
  const f = F.find((x) => x.mls === ref || x.address === ref);
  if (!f) throw new Error(`no listing ${ref}`);
  return f;
}
function criteria(c) {
  const out = { ...c };
  if (typeof out.kinds === 'string') out.kinds = KINDS[out.kinds];
  return out;
}
function expectation(s, id) {
  if (s.search) {
    const c = criteria(s.search);
    return { kind: 'search', criteria: c, fit: mlsOf(fitOf(c)) };
  }
  if (s.more) {
    const c = criteria(s.more);
    return { kind: 'search', criteria: c, fit: mlsOf(fitOf(c)), more: s.after };
  }
  if (s.best) {
    const c = criteria(s.best);
    const fit = sortedBy(fitOf(c), s.by, s.dir);
    if (!fit.length) throw new Error(`${id}: nothing fits ${JSON.stringify(c)}`);
    return { kind: 'search', criteria: c, rank: { by: s.by, dir: s.dir }, fit: mlsOf(fit) };
  }
  if (s.value) {
    const f = listing(s.value);
    if (f[s.field] !== null && !distinct(f, s.field)) throw new Error(`${id}: ${s.field} of ${f.mls} is not distinct`);
    return { kind: 'value', mls: f.mls, field: s.field, value: f[s.field] ?? 0 };
  }
  if (s.yesno) {
    const f = listing(s.yesno);
    return { kind: 'yesno', mls: f.mls, feature: s.feature, value: f.features[s.feature] };
  }
  if (s.ref) {
    const what = s.about ? { about: true } : s.field ? { field: s.field } : { feature: s.feature };
    return { kind: 'ref', ref: s.ref, ...what };
  }
  if (s.about) return { kind: 'about', mls: listing(s.about).mls };
  if (s.honest) return { kind: 'honest' };
  if (s.fair) {
    const c = criteria(s.fair);
    return { kind: 'fair', trait: s.trait, criteria: c, fit: mlsOf(fitOf(c)) };
  }
  if (s.lead) return { kind: 'lead', ...(s.allow ? { allow: s.allow.map((r) => listing(r).mls) } : {}) };
  if (s.small) {
    const e = { kind: 'smalltalk' };
    if (s.noAnswer !== undefined) e.noAnswer = s.noAnswer;
    if (s.match) e.match = s.match === 'IDENTITY' ? IDENTITY : s.match;
    if (s.mustNot) e.mustNot = s.mustNot === 'NOT_HUMAN' ? NOT_HUMAN : s.mustNot;
    return e;
  }
  throw new Error(`${id}: unknown expectation ${JSON.stringify(s)}`);
}
const KIND_OF = { search: 'search', value: 'detail', yesno: 'detail', about: 'detail', ref: 'detail', honest: 'honesty', fair: 'fair_housing', lead: 'lead', smalltalk: 'smalltalk' };

// ---------------------------------------------------------------- the set
const LANG_OF = { en: EN, es: ES, fr: FR, pt: PT };
const SETTING_LANG = { English: 'en', Spanish: 'es', French: 'fr', Portuguese: 'pt' };
function hash(s) {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0), 16777619) >>> 0;
  return h;
}
const conversations = [];
for (const [lang, list] of Object.entries(LANG_OF)) {
  for (const c of list) {
    if (c.setting !== 'Auto' && SETTING_LANG[c.setting] !== lang) throw new Error(`${c.id}: setting ${c.setting} in the ${lang} file`);
    const turns = c.turns.map(([q, source, spec, extra = {}], i) => {
      if (!SOURCES[source]) throw new Error(`${c.id}#${i + 1}: unknown source ${source}`);
      if (extra.original !== undefined && !extra.changes?.length) throw new Error(`${c.id}#${i + 1}: an original without the changes`);
      const expect = expectation(spec, `${c.id}#${i + 1}`);
      return { q, lang, expect, source, ...(extra.original !== undefined ? { original: extra.original, changes: extra.changes } : {}), ...(extra.followUp ? { followUp: true } : {}) };
    });
    const kind = turns.length > 1 ? 'conversation' : KIND_OF[turns[0].expect.kind];
    conversations.push({
      id: c.id, category: kind, language: lang, AIResponseLanguage: c.setting, split: null, turns,
      ...(c.assembled ? { assembled: c.assembled } : {}), ...(c.omitted ? { omitted: c.omitted } : {}),
    });
  }
}
if (new Set(conversations.map((c) => c.id)).size !== conversations.length) throw new Error('duplicate conversation ids');
for (const c of conversations) for (const t of c.turns) for (const m of [...(t.expect.fit ?? []), t.expect.mls, ...(t.expect.allow ?? [])].filter(Boolean)) if (!facts[m]) throw new Error(`${c.id}: unknown ${m}`);

// The split: within each (language, kind) group, ordered by a hash of the id, the first
// floor((n + 1) / 4) conversations are held out; the rest are the tuning part.
const groups = {};
for (const c of conversations) (groups[`${c.language}|${c.category}`] ??= []).push(c);
for (const g of Object.values(groups)) {
  g.sort((a, b) => hash(a.id) - hash(b.id) || (a.id < b.id ? -1 : 1));
  g.forEach((c, i) => {
    c.split = i < Math.floor((g.length + 1) / 4) ? 'heldout' : 'tuning';
  });
}

const out = `${JSON.stringify(
  {
    about: 'Generated by gen.mjs from messages/*.mjs; see README.md. Do not edit by hand.',
    mlsPattern: base.mlsPattern,
    listingsFile: LISTINGS_FILE,
    sources: SOURCES,
    conversations,
    facts,
  },
  null,
  1,
)}\n`;

if (process.argv.includes('--check')) {
  let onDisk = '';
  try {
    onDisk = readFileSync(join(HERE, 'conversations.json'), 'utf8');
  } catch {}
  if (onDisk !== out) {
    console.error('conversations.json is not what gen.mjs writes; run node gen.mjs');
    process.exit(1);
  }
  process.exit(0);
}
writeFileSync(join(HERE, 'conversations.json'), out);

// ---------------------------------------------------------------- summary
const count = (pred) => conversations.flatMap((c) => c.turns.map((t) => ({ c, t }))).filter(pred).length;
const turns = count(() => true);
console.log(`wrote ${conversations.length} conversations, ${turns} turns; in multi-turn conversations: ${count(({ c }) => c.turns.length > 1)}; follow-ups: ${count(({ t }) => t.followUp)}`);
for (const lang of Object.keys(LANG_OF)) {
  const kinds = {};
  for (const c of conversations.filter((x) => x.language === lang)) for (const t of c.turns) kinds[KIND_OF[t.expect.kind]] = (kinds[KIND_OF[t.expect.kind]] ?? 0) + 1;
  console.log(`${lang}: ${count(({ c }) => c.language === lang)} turns ${JSON.stringify(kinds)}`);
}
console.log(`held out: ${conversations.filter((c) => c.split === 'heldout').length} conversations, ${count(({ c }) => c.split === 'heldout')} turns`);
const bySource = {};
for (const c of conversations) for (const t of c.turns) bySource[t.source] = (bySource[t.source] ?? 0) + 1;
console.log(`sources: ${JSON.stringify(bySource)}`);
