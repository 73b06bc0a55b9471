// The set's fixed split into a tuning part (questions.json) and a part kept aside
// (held-out.json), a quarter of the questions, stratified by source and language (README.md,
// "The split"). The rule is deterministic, so check.ts can show that the two files are what it
// selects: within each cell (a source, or "uncovered", by language) the questions are ordered
// by the SHA-256 of "caliche-split:" and their id, and the first QUOTA[cell][lang] are held out.
//
// Run once, on all the questions in one file, to write the two parts:
//   npx node test/knowledge/eval-caliche/split.ts all-questions.json
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { EvalQuestion } from '../eval-run.ts';

export const LANGS = ['en', 'es', 'fr', 'pt'] as const;

/** How many of each cell are held out: a quarter of each source, spread over the languages. */
export const QUOTA: Record<string, Record<(typeof LANGS)[number], number>> = {
  'faq.txt': { en: 2, es: 2, fr: 2, pt: 2 },
  qa: { en: 2, es: 1, fr: 2, pt: 1 },
  'buying-and-selling-guide.md': { en: 1, es: 2, fr: 1, pt: 2 },
  'rentals-and-property-management.html': { en: 1, es: 1, fr: 1, pt: 1 },
  uncovered: { en: 2, es: 2, fr: 2, pt: 2 },
};

/** The cell a question belongs to: its source's name, or "uncovered". */
export const cellOf = (q: EvalQuestion): string => q.sourceName ?? 'uncovered';

const rank = (id: string) => createHash('sha256').update(`caliche-split:${id}`).digest('hex');

/** The ids the rule holds out of these questions. */
export function heldOutIds(questions: EvalQuestion[]): Set<string> {
  const held = new Set<string>();
  for (const [cell, perLang] of Object.entries(QUOTA)) {
    for (const lang of LANGS) {
      const ranked = questions
        .filter((q) => cellOf(q) === cell && q.lang === lang)
        .sort((a, b) => rank(a.id).localeCompare(rank(b.id)));
      for (const q of ranked.slice(0, perLang[lang])) held.add(q.id);
    }
  }
  return held;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as EvalQuestion[];
  const held = heldOutIds(all);
  const write = (name: string, qs: EvalQuestion[]) =>
    writeFileSync(new URL(name, import.meta.url), `${JSON.stringify(qs, null, 2)}\n`);
  write(
    'questions.json',
    all.filter((q) => !held.has(q.id)),
  );
  write(
    'held-out.json',
    all.filter((q) => held.has(q.id)),
  );
  console.log(`${all.length - held.size} tuning, ${held.size} held out`);
}
