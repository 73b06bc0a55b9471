// Every regular expression written in the code that reads what visitors, brokerages' sites
// and documents send (the builtin engine, the knowledge feature, media and provider replies)
// is checked by recheck, a ReDoS checker: a pattern its automaton finds polynomial or
// exponential in its input fails this test, unless it is listed below with the bound on what
// it reads. A new
// pattern is checked as soon as it is written; one fixed or removed must leave the list too.
// The phrases of the engine's vocabularies (answer/builtin/vocab/) become patterns at run
// time; each concept's phrases are checked here as the alternation they are compiled into.
// Other patterns built at run time are timed on hostile messages by
// answer/builtin/hostile-messages.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { VOCABULARIES } from '../../src/answer/builtin/vocab/index.ts';

const ROOT = join(import.meta.dirname, '../..');
const CHECKED = ['src/answer', 'src/knowledge'];

/** Patterns recheck finds super-linear in general, with why their input keeps them linear here. */
const BOUNDED: Record<string, string> = {
  'src/answer/builtin/parse.ts /(?<![$€£\\d,.])\\b[A-Za-z0-9-]{0,20}\\d{3,20}[A-Za-z0-9-]{0,20}\\b(?![,.]\\d)/g':
    'every repetition is bounded: at most 60 characters read from each start',
  'src/answer/openai/provider.ts /<(script|style)\\b[^<>]*>[^<]*(?:<(?!\\/\\1>)[^<]*)*<\\/\\1>/gi':
    "reads the first 16 KiB of a provider's error page only",
};

interface Pattern {
  file: string;
  literal: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
}

function patternsOf(file: string): Pattern[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Pattern[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) out.push({ file, literal: node.getText(source) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const patterns = CHECKED.flatMap(sourceFiles).flatMap(patternsOf);
const keyOf = (p: Pattern) => `${relative(ROOT, join(ROOT, p.file))} ${p.literal}`;

it('finds the patterns it checks', () => {
  // 164 literals once the engine's word lists became vocabulary phrases (checked below).
  expect(patterns.length).toBeGreaterThan(150);
});

it('every pattern runs in linear time, or is listed with the bound on its input', () => {
  const unsafe: string[] = [];
  for (const p of patterns) {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(p.literal);
    if (!m) throw new Error(`not a regex literal: ${p.literal}`);
    const verdict = checkSync(m[1] ?? '', m[2] ?? '', { timeout: 30_000 });
    if (verdict.status === 'safe' || BOUNDED[keyOf(p)]) continue;
    const why = verdict.status === 'vulnerable' ? verdict.complexity.summary : verdict.status;
    // The automaton's verdict is exact and the same on every run; fuzzing (for lookbehinds,
    // back-references and large patterns) explores as far as its time allows, so its findings
    // depend on the machine's load: they are shown, and the timing test guards those patterns.
    // A verdict of "unknown" is the checker running out of time, which a loaded machine
    // causes: shown too, not failed on.
    if (verdict.checker === 'automaton' && verdict.status === 'vulnerable') unsafe.push(`${keyOf(p)}: ${why}`);
    else console.warn(`recheck (fuzzing) finds ${keyOf(p)} ${why}`);
  }
  expect(unsafe).toEqual([]);
}, 600_000);

it('lists only patterns that are still there', () => {
  const present = new Set(patterns.map(keyOf));
  expect(Object.keys(BOUNDED).filter((k) => !present.has(k))).toEqual([]);
});

/** Every list of strings in a vocabulary, by its path ("en.partsOfDay.morning"). */
function phraseLists(value: unknown, path: string, out: [string, string[]][]): [string, string[]][] {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) out.push([path, value as string[]]);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) phraseLists(v, `${path}.${k}`, out);
  }
  return out;
}

it("the vocabularies' phrases compile into linear patterns", () => {
  const lists = Object.entries(VOCABULARIES).flatMap(([lang, v]) => phraseLists(v, lang, []));
  expect(lists.length).toBeGreaterThan(100);
  const unsafe: string[] = [];
  for (const [path, phrases] of lists) {
    if (!phrases.length) continue;
    const verdict = checkSync(`\\b(?:${phrases.join('|')})\\b`, '', { timeout: 30_000 });
    if (verdict.checker === 'automaton' && verdict.status === 'vulnerable') {
      unsafe.push(`${path}: ${verdict.complexity.summary}`);
    }
  }
  expect(unsafe).toEqual([]);
}, 600_000);
