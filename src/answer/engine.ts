// The one interface every answer engine implements (docs/api.md "Answers"). The JSON and the
// streamed ClientAsk share one service verb (chat/ask.ts) that drives an engine and
// forwards its fragments; an engine never knows whether the client streams.
import type { Readable } from 'node:stream';
import type { Settings } from '../chatbots/index.ts';
import type { Listing, ListingFilter, ListingPage } from '../listings/index.ts';
import type { Qualification } from './qualification.ts';
import type { TourCardData, TourDesk } from './tour-desk.ts';

/** What a question is: text, or a media file the engine reads (ClientAsk's chatAskType). */
export const ASK_TYPES = ['Text', 'Audio', 'Image', 'Video'] as const;
export type AskType = (typeof ASK_TYPES)[number];

/** The chatbot's listings, already scoped to it: engines cannot reach another chatbot's. */
export interface ListingSearch {
  search(filter: ListingFilter, page: ListingPage): Promise<{ listings: Listing[]; total: number }>;
  count(filter: ListingFilter): Promise<number>;
  /** The chatbot's cities as its listings write them, most listings first. */
  cities(): Promise<string[]>;
}

/**
 * A session's conversation state, kept in the database (sessions.state) so that follow-ups
 * work across instances and restarts. Opaque to everything but the engine that wrote it.
 */
export interface ConversationStore {
  load(): Promise<unknown>;
  save(state: unknown): Promise<void>;
}

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface LeadDetails {
  name: string;
  email: string;
  phone: string;
  message: string;
  /** What the visitor said or chose of what a brokerage qualifies on (absent = nothing known). */
  qualification?: Partial<Qualification>;
}

/** A file attached to a media question: an active upload of the chatbot's workspace. */
export interface QuestionFile {
  id: number;
  /** 'image' | 'audio' | 'video', as the upload's content sniffing found it. */
  kind: string;
  /** e.g. image/png, audio/wav, video/mp4. */
  mime: string;
  name: string;
  size: number;
  /** The stored bytes, streamed (videos go up to 100 MB). */
  open(): Promise<Readable>;
}

/** A passage of the brokerage's own knowledge that answers a question (knowledge/search.ts). */
export interface KnowledgeHit {
  /** The answer: a Q&A entry's answer, or the passage's sentences that answer. */
  text: string;
  /** The whole passage (or Q&A answer) the answer is taken from: what it is about. */
  passage: string;
  /** Where it comes from: the Q&A question, the passage's heading, or the source's name; "" for the free text without a heading. */
  source: string;
  /** The share of the question's words the passage holds (0–1). */
  coverage: number;
  /** How many things the question asked (its words, those of one meaning counted once). */
  asked: number;
  /** How many of them no passage holds (short words, left out of coverage: "went", "middle"). */
  unheld: number;
  /**
   * The question names something (a capitalised word: "an office in Boulder?") the passage
   * does not: it shares the question's other words but does not answer it.
   */
  unnamed?: boolean;
  /**
   * The share of the whole message's words its passage holds (a number or a time it tells aside),
   * also when only the message's sentences that ask were searched.
   */
  wholeCover?: number;
}

export interface AnswerRequest {
  chatbot: { id: number; workspaceId: number; serialNumber: string; settings: Settings };
  sessionId: number;
  question: { id: number; content: string; askType: AskType; fileIds: number[] };
  /** Earlier messages of the session, oldest first, without the current question. */
  history: HistoryMessage[];
  now: Date;
  /** Aborted when the client goes away or the request times out. */
  signal: AbortSignal;
  listings: ListingSearch;
  /** The session's conversation state; absent where nothing is kept (a fresh state each time). */
  conversation?: ConversationStore;
  /** Records a lead and starts the human handoff (notify/); answers a confirmation to show. */
  talkToHuman?: (lead: LeadDetails) => Promise<string>;
  /**
   * Adds what the visitor answered to a qualifying question to the session's last lead (what
   * was said last wins); answers the lead's qualification after it. Absent where none can be kept.
   */
  qualifyLead?: (q: Partial<Qualification>) => Promise<Qualification>;
  /**
   * The question's files (question.fileIds), in that order, scoped to the chatbot's
   * workspace. Absent where files cannot be read: engines then refuse media questions.
   */
  files?: (ids: number[]) => Promise<QuestionFile[]>;
  /**
   * The chatbot's own knowledge: the best passage covering at least `minCoverage` of the
   * question's words, or null. Absent where the chatbot has none to search.
   */
  knowledge?: (question: string, minCoverage: number) => Promise<KnowledgeHit | null>;
  /** The chatbot's knowledge passages best matching a query, best first (the model's search_knowledge). */
  knowledgePassages?: (query: string, limit: number) => Promise<KnowledgePassage[]>;
  /** Showings: free slots and booking, for this session's visitor (tours/). Absent where none can be booked. */
  tours?: TourDesk;
}

export interface KnowledgePassage {
  /** The source: a Q&A entry's question, or the source's name. */
  source: string;
  heading: string;
  text: string;
}

export interface AnswerOutcome {
  /** True when the engine could not answer the question (docs/api.md "Answers"). */
  noAnswer: boolean;
  /**
   * The provider's token counts when it reports them; otherwise chat/ask-finish.ts counts with
   * gpt-tokenizer.
   * totalTokens: the provider's own total, which can exceed prompt + completion when it
   * counts reasoning apart (xAI).
   */
  usage?: { promptTokens: number; completionTokens: number; totalTokens?: number };
  /** The provider stopped the answer at its length limit: stored with the status `truncated`. */
  truncated?: boolean;
  /** The model declined (OpenAI's refusal): its text is the answer, and noAnswer is true. */
  refused?: boolean;
  /**
   * The listings the answer shows, in the order it names them; chat/ask-finish.ts turns them
   * into cards.
   */
  listings?: Listing[];
  /** The showing slots the answer offers, or the showing it booked (the widget's buttons or card). */
  tour?: TourCardData;
}

export interface AnswerEngine {
  /** 'builtin', 'openai', … as ModelList's models name their engine. */
  readonly name: string;
  /**
   * Answers the question, passing the answer to `onText` in order as fragments. Errors
   * are typed (errors.ts): ProviderFailed, ProviderTimeout, NotSupported, Invalid.
   */
  answer(req: AnswerRequest, onText: (fragment: string) => void): Promise<AnswerOutcome>;
  /**
   * A message while the session waits for a person after a handoff: this engine's own reply
   * (the builtin engine's qualifying questions), or null to leave it to the waiting notice.
   */
  whileWaiting?(req: AnswerRequest, onText: (fragment: string) => void): Promise<AnswerOutcome | null>;
}
