// How an answer ends (ask.ts's run): its status (complete, truncated, partial, failed), its
// token count, the cards of the listings it showed and of the showing it offered or booked, stored as the assistant's message, announced
// to live subscribers and counted in the metrics, also when the client went away.
import {
  type AnswerEngine,
  type AnswerOutcome,
  type AskType,
  countTokens,
  type HistoryMessage,
  type TourCardData,
} from '../answer/index.ts';
import { type Listing, type ListingCardData, listingCard } from '../listings/index.ts';
import { announce } from '../live/index.ts';
import type { ChatDeps } from './deps.ts';
import type { ListingSearchRecord } from './listing-searches.ts';
import { insertMessage } from './repo.ts';
import { insertListingSearches } from './repo-searches.ts';

export interface AskResult {
  questionId: number;
  answerId: number;
  content: string;
  totalToken: number;
  noAnswer: boolean;
  /** The cards of the listings the answer shows, in order; [] when none. */
  listings: ListingCardData[];
  /** The showing slots the answer offers or the showing it booked; null when neither. */
  tour: TourCardData | null;
}

/** The question an answer ends: where it was asked, and what the engine was given. */
export interface Asked {
  chatbotId: number;
  workspaceId: number;
  sessionId: number;
  questionId: number;
  askType: AskType;
  question: string;
  history: HistoryMessage[];
  /** Whether the answer looked in the knowledge and found nothing (knowledge-miss.ts), asked when it ends. */
  knowledgeMiss?: (noAnswer: boolean) => boolean;
  /** The listing searches the answer ran (listing-searches.ts), asked when it ends. */
  listingSearches?: () => ListingSearchRecord[];
}

export async function finish(
  deps: ChatDeps,
  engine: AnswerEngine,
  a: Asked,
  text: string,
  outcome: AnswerOutcome | undefined,
  failure: unknown,
  aborted: boolean,
): Promise<AskResult> {
  const usage = outcome?.usage;
  // The provider's own total where it counts more (reasoning reported apart, as xAI does).
  const totalToken = usage
    ? Math.max(usage.totalTokens ?? 0, usage.promptTokens + usage.completionTokens)
    : countTokens(a.question) + a.history.reduce((n, m) => n + countTokens(m.content), 0) + countTokens(text);
  const status = failure || aborted ? (text ? 'partial' : 'failed') : outcome?.truncated ? 'truncated' : 'complete';
  const noAnswer = outcome?.noAnswer ?? false;
  const listings = cardsOf(outcome?.listings ?? []);
  const tour = outcome?.tour ?? null;
  const at = deps.clock();
  const answerId = await insertMessage(
    deps.db.kysely,
    {
      workspaceId: a.workspaceId,
      chatbotId: a.chatbotId,
      sessionId: a.sessionId,
      role: 'assistant',
      content: text,
      askType: 'Text',
      fileIds: [],
      questionId: a.questionId,
      totalToken,
      noAnswer,
      status,
      engine: engine.name,
      listings,
      tour,
      knowledgeMiss: listings.length === 0 && !tour && (a.knowledgeMiss?.(noAnswer) ?? false),
    },
    at,
  );
  await insertListingSearches(
    deps.db.kysely,
    {
      workspaceId: a.workspaceId,
      chatbotId: a.chatbotId,
      sessionId: a.sessionId,
      messageId: answerId,
      at: at.toISOString(),
    },
    a.listingSearches?.() ?? [],
  );
  await announce(deps, a.workspaceId, a.sessionId);
  deps.metrics.answers.inc({ engine: engine.name, outcome: status === 'complete' && noAnswer ? 'no_answer' : status });
  deps.metrics.tokens.inc({ engine: engine.name }, totalToken);
  if (failure) throw failure;
  return { questionId: a.questionId, answerId, content: text, totalToken, noAnswer, listings, tour };
}

/** Each listing once, where the answer first shows it. */
function cardsOf(listings: Listing[]): ListingCardData[] {
  const seen = new Set<number>();
  const cards: ListingCardData[] = [];
  for (const l of listings) {
    if (seen.has(l.id)) continue;
    seen.add(l.id);
    cards.push(listingCard(l));
  }
  return cards;
}
