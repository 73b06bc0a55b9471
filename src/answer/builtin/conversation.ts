// The builtin engine's conversation state: the last search's criteria, the listings the last
// answer showed in order, every listing shown for that search (for "show me more"), and the
// listing the conversation is about. Kept by chat/ as JSON on the session; read back
// defensively, since anything stored may be from an older version or hand-edited.
import { QUALIFY_FIELDS, type QualifyField } from '../../chatbots/index.ts';
import type { ListingFilter, Sort } from '../../listings/index.ts';
import type { ConversationStore } from '../engine.ts';
import type { Lang } from './lexicon.ts';
import { type TourState, tourStateOf } from './tour-state.ts';

export interface SearchState {
  filter: ListingFilter;
  sort: Sort;
  intent: 'search' | 'count' | 'average';
}

export interface ConversationState {
  search?: SearchState;
  /** IDs of the listings the last answer named, in order. */
  shown: number[];
  /** Every listing named for the current search, over its pages. */
  seen: number[];
  /** The listing the last turn was about. */
  about?: number;
  /** The language the visitor last wrote in, for short messages that show none ("Tampa?"). */
  lang?: Lang;
  /** A showing being booked (tour-turn.ts). */
  tour?: TourState;
  /** The qualifying question waiting for its answer, and every one asked (qualify-turn.ts). */
  qualify?: QualifyState;
}

export interface QualifyState {
  /** The field asked last; null once the questions are over (answered, or one left unanswered). */
  asking: QualifyField | null;
  asked: QualifyField[];
}

const isField = (x: unknown): x is QualifyField => (QUALIFY_FIELDS as readonly unknown[]).includes(x);

function qualifyStateOf(v: unknown): QualifyState | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const r = v as Record<string, unknown>;
  const asked = Array.isArray(r.asked) ? r.asked.filter(isField) : [];
  return { asking: isField(r.asking) ? r.asking : null, asked };
}

const LANGS: readonly string[] = ['en', 'es', 'fr', 'pt'] satisfies Lang[];

const MAX_SEEN = 200;

export function emptyState(): ConversationState {
  return { shown: [], seen: [] };
}

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x) && x > 0).slice(0, MAX_SEEN) : [];

export async function loadState(store: ConversationStore | undefined): Promise<ConversationState> {
  const raw = store ? await store.load() : null;
  if (!raw || typeof raw !== 'object') return emptyState();
  const r = raw as Record<string, unknown>;
  const search = r.search as SearchState | undefined;
  const validSearch =
    search &&
    typeof search === 'object' &&
    search.filter &&
    typeof search.filter === 'object' &&
    typeof search.sort === 'string';
  return {
    search: validSearch ? search : undefined,
    shown: ids(r.shown),
    seen: ids(r.seen),
    about: typeof r.about === 'number' && Number.isSafeInteger(r.about) ? r.about : undefined,
    lang: typeof r.lang === 'string' && LANGS.includes(r.lang) ? (r.lang as Lang) : undefined,
    tour: tourStateOf(r.tour),
    qualify: qualifyStateOf(r.qualify),
  };
}

export async function saveState(store: ConversationStore | undefined, state: ConversationState): Promise<void> {
  if (!store) return;
  await store.save({ ...state, seen: state.seen.slice(-MAX_SEEN) });
}
