// What a listing states it has, and which family its property type belongs to, read once when
// the listing is written (columns.ts withDerived) so that a search never reads text per row.
// A feature counts only where the listing states it: "Pool: No", "Garage Spaces: 0",
// "Pets Allowed: Not allowed", "Unfurnished." and "sin piscina" say no, and a listing that
// says nothing about a feature does not have it.
import { readEntry, type Statements } from './extension-features.ts';
import { FEATURE_WORDS, NEGATED_AFTER, NEGATORS, normalizeText, SCOPE_BREAKS } from './feature-words.ts';
import { FEATURES, type Feature, type TypeFamily } from './filter.ts';

export { typeFamilyOf } from './type-families.ts';

/** How far back a negation reaches: "no private in ground pool" is four words. */
const NEGATION_REACH = 4;
/** Punctuation that ends a clause: "No pool, but a big fenced yard." */
const CLAUSE_END = /[.,;:!?()[\]\n\r•|*]/g;

function negatedBefore(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 60), at);
  let start = 0;
  for (const m of before.matchAll(CLAUSE_END)) start = m.index + 1;
  const tokens = before.slice(start).split(/\s+/).filter(Boolean).slice(-NEGATION_REACH);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i] ?? '';
    if (SCOPE_BREAKS.has(t)) return false;
    if (NEGATORS.has(t)) return true;
  }
  return false;
}

/**
 * What free text (a description, or an ExtensionColumn value that lists things) says about
 * each feature: true, false, or nothing. A negated mention outweighs any other mention.
 */
export function statedIn(text: string): Map<Feature, boolean> {
  const out = new Map<Feature, boolean>();
  if (!text) return out;
  for (const f of FEATURES) {
    const w = FEATURE_WORDS[f];
    if (w.no && text.search(w.no) >= 0) {
      out.set(f, false);
      continue;
    }
    for (const m of text.matchAll(w.yes)) {
      const end = m.index + m[0].length;
      if (negatedBefore(text, m.index) || NEGATED_AFTER.test(text.slice(end, end + 40))) {
        out.set(f, false);
        break;
      }
      out.set(f, true);
    }
  }
  return out;
}

/** Features that come with another: a finished basement is a basement, central air is air conditioning. */
const IMPLIES: [Feature, Feature][] = [
  ['finishedBasement', 'basement'],
  ['centralAir', 'airConditioning'],
];

/** The features a listing states yes, from its ExtensionColumn and its description (never its address). */
export function featuresOf(
  extensionColumn: { Key: string; value: string }[] | null,
  description: string | null,
): Feature[] {
  const ec: Statements = { firm: new Map(), soft: new Map() };
  for (const item of extensionColumn ?? []) {
    if (typeof item?.Key !== 'string' || typeof item.value !== 'string') continue;
    readEntry(item.Key, item.value, ec, statedIn);
  }
  const said = statedIn(description ? normalizeText(description) : '');
  // A key naming the feature ("Pool: No") settles it; otherwise lists and the description
  // count, and a no among them wins.
  const has = new Map<Feature, boolean>();
  for (const f of FEATURES) {
    const firm = ec.firm.get(f);
    if (firm !== undefined) has.set(f, firm);
    else has.set(f, ec.soft.get(f) !== false && said.get(f) !== false && (ec.soft.get(f) ?? said.get(f) ?? false));
  }
  for (const [specific, general] of IMPLIES) {
    if (has.get(specific) && ec.firm.get(general) !== false) has.set(general, true);
    if (!has.get(general)) has.set(specific, false);
  }
  return FEATURES.filter((f) => has.get(f));
}

/** The features column: "|pool|garage|", so that one LIKE '%|pool|%' tests a feature. */
export function featuresColumn(features: readonly Feature[]): string {
  return features.length ? `|${features.join('|')}|` : '';
}

const FEATURE_SET = new Set<string>(FEATURES);

export function featuresFromColumn(column: string | null): Feature[] {
  return (column ?? '').split('|').filter((f): f is Feature => FEATURE_SET.has(f));
}

/** ExtensionColumn as stored (JSON text), or null when it is missing or unreadable. */
export function extensionItems(json: string | null): { Key: string; value: string }[] | null {
  if (!json) return null;
  try {
    const items: unknown = JSON.parse(json);
    return Array.isArray(items) ? (items as { Key: string; value: string }[]) : null;
  } catch {
    return null;
  }
}

export type { Feature, TypeFamily };
