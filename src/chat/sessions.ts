import type { TourCardData } from '../answer/index.ts';
import { requireChatbot } from '../chatbots/index.ts';
import type { Principal } from '../http/auth.ts';
import type { ListingCardData } from '../listings/index.ts';
import { requireSession } from './ask.ts';
import type { ChatDeps } from './deps.ts';
import { insertSession, type Message, pageOfMessages } from './repo.ts';

/** Opens a session (a visitor's conversation) on a chatbot of the principal's workspace. */
export async function openSession(deps: ChatDeps, workspaceId: number, serialNumber: string): Promise<number> {
  const now = deps.clock();
  const bot = await requireChatbot({ db: deps.db.kysely, workspaceId, now }, serialNumber);
  return insertSession(deps.db.kysely, workspaceId, bot.id, now);
}

export async function sessionHistory(
  deps: ChatDeps,
  principal: Principal,
  sessionId: number,
  pageNumber: number,
  pageSize: number,
) {
  await requireSession(deps, principal, sessionId);
  return pageOfMessages(deps.db.kysely, principal.workspaceId, sessionId, (pageNumber - 1) * pageSize, pageSize);
}

/** A message with its rating, when GetMessages read one (pageOfMessages). */
type RatedMessage = Message & { rating?: string | null; rating_reason?: string | null; rated_at?: string | null };

export function messageRecord(m: RatedMessage) {
  return {
    ID: m.id,
    Role: m.role === 'user' ? ('user' as const) : m.role === 'agent' ? ('agent' as const) : ('assistant' as const),
    Content: m.content,
    ChatAskType: m.ask_type,
    FileIds: m.file_ids ? (JSON.parse(m.file_ids) as number[]) : [],
    QuestionID: m.question_id,
    TotalToken: m.total_token,
    NoAnswer: m.no_answer === 1,
    Status: m.status,
    CreatedAt: m.created_at,
    // Written by insertMessage from listingCard: the cards as the answer showed them.
    Listings: m.listings ? (JSON.parse(m.listings) as ListingCardData[]) : [],
    // Written by insertMessage: the slots offered or the showing booked, as the answer showed them.
    ...(m.tour ? { Tour: JSON.parse(m.tour) as TourCardData } : {}),
    // RateAnswer's rating of this answer, as last changed.
    ...(m.rating
      ? { Rating: { Rating: m.rating as 'up' | 'down', Reason: m.rating_reason ?? '', UpdatedAt: m.rated_at ?? '' } }
      : {}),
  };
}
