// ClientAsk's one verb (README "Answers"), shared by the JSON and the streamed answer:
// startAsk checks everything that can fail before the answer and stores the question
// (within the limits); run() drives the engine, forwards fragments, appends AnswerSuffix
// and stores the answer — also when the client went away.

import type { Static } from 'typebox';
import type { OpenStreams, VisitorOrigin } from '../abuse/index.ts';
import {
  type AnswerEngine,
  type AnswerOutcome,
  type AskType,
  countTokens,
  type EngineRegistry,
  type HistoryMessage,
  type LeadDetails,
  listingSearchFor,
} from '../answer/index.ts';
import { findChatbotById } from '../chatbots/index.ts';
import type { AbuseLimits } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import type { FileStorage } from '../files/index.ts';
import type { Principal } from '../http/auth.ts';
import type { Metrics } from '../http/metrics.ts';
import { knowledgePassagesFor, knowledgeSearchFor } from '../knowledge/index.ts';
import { type Listing, type ListingCardData, listingCard } from '../listings/index.ts';
import { announce, type LiveBus } from '../live/index.ts';
import { checkAskInput } from './ask-rules.ts';
import { storeQuestionWithinLimits } from './limits.ts';
import { questionFilesOf } from './question-files.ts';
import { findSession, insertMessage, recentMessages, saveSessionState, sessionState } from './repo.ts';
import type { AskBody } from './schemas.ts';
import { waitingEngine, withPersonEngine } from './waiting-engine.ts';

export interface ChatDeps {
  db: Db;
  clock: () => Date;
  engines: EngineRegistry;
  metrics: Metrics;
  /** Keep-alive interval of streamed answers (15 s); tests shorten it. */
  keepAliveMs?: number;
  /** Records a lead and starts the handoff (notify/), when configured. */
  talkToHuman?: (
    ctx: { workspaceId: number; chatbotId: number; sessionId: number; visitor?: VisitorOrigin | null },
    lead: LeadDetails,
  ) => Promise<string>;
  /** Where uploaded files live; media questions read their files from it. */
  storage?: FileStorage;
  /** Limits on widget visitors (abuse/); none when absent. */
  abuse?: { limits: AbuseLimits; streams: OpenStreams };
  /** Tells the console and the widget that a session changed (live/); none in some tests. */
  live?: LiveBus;
}

/** ClientAsk's body as its schema types it (without `stream`, which picks the verb's framing). */
export type AskInput = Omit<Static<typeof AskBody>, 'stream'> & {
  /** The client address of a visitor's question (abuse limits); unset for workspace callers. */
  visitorAddress?: string;
};

export interface AskResult {
  questionId: number;
  answerId: number;
  content: string;
  totalToken: number;
  noAnswer: boolean;
  /** The cards of the listings the answer shows, in order; [] when none. */
  listings: ListingCardData[];
}

export interface PreparedAsk {
  questionId: number;
  run(onText: (fragment: string) => void, signal: AbortSignal): Promise<AskResult>;
}

const HISTORY_MESSAGES = 20;

/** The session a principal may use: its workspace's, and for a visitor key only its own. */
export async function requireSession(deps: ChatDeps, principal: Principal, sessionId: number) {
  const session = await findSession(deps.db.kysely, principal.workspaceId, sessionId);
  if (!session || (principal.kind === 'visitor' && principal.sessionId !== sessionId)) {
    throw new NotFound(`session ${sessionId}`);
  }
  return session;
}

export async function startAsk(deps: ChatDeps, principal: Principal, input: AskInput): Promise<PreparedAsk> {
  const db = deps.db.kysely;
  const askType: AskType = input.chatAskType ?? 'Text';
  const fileIds = input.fileIds ?? [];
  const session = await requireSession(deps, principal, input.sessionID);
  const visitorSession = principal.kind === 'visitor' ? principal.sessionId : null;
  await checkAskInput(db, principal.workspaceId, askType, input.content, fileIds, visitorSession);
  const chatbot = await findChatbotById(db, session.chatbot_id);
  if (!chatbot) throw new NotFound(`session ${input.sessionID}`);
  // A session handed to a person gets a fixed notice instead of the chatbot's answer, and
  // no answer at all once a person is with the visitor.
  const engine =
    session.mode === 'human'
      ? waitingEngine
      : session.mode === 'agent'
        ? withPersonEngine
        : deps.engines.engineFor(chatbot.settings.Model);

  const visitor =
    principal.kind === 'visitor' && input.visitorAddress !== undefined && deps.abuse
      ? { limits: deps.abuse.limits, address: input.visitorAddress }
      : null;
  const questionId = await storeQuestionWithinLimits(
    db,
    deps.db.dialect,
    { chatbot, sessionId: session.id, content: input.content, askType, fileIds, visitor },
    deps.clock(),
  );
  await announce(deps, chatbot.workspaceId, session.id);
  // Asking about a file never changes whose it is: the workspace's files stay the workspace's,
  // a visitor's stay with its session (and go with it).
  const history: HistoryMessage[] = (await recentMessages(db, session.id, questionId, HISTORY_MESSAGES))
    .filter((m) => m.content !== '' && m.status !== 'failed')
    .map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content }));

  const talk = deps.talkToHuman;
  return {
    questionId,
    async run(onText, signal) {
      // A list, joined once: concatenating fragment by fragment keeps far more memory per answer.
      const fragments: string[] = [];
      const emit = (fragment: string) => {
        if (!fragment) return;
        fragments.push(fragment);
        onText(fragment);
      };
      let outcome: AnswerOutcome | undefined;
      let failure: unknown;
      try {
        outcome = await engine.answer(
          {
            chatbot: {
              id: chatbot.id,
              workspaceId: chatbot.workspaceId,
              serialNumber: chatbot.serialNumber,
              settings: chatbot.settings,
            },
            sessionId: session.id,
            question: { id: questionId, content: input.content, askType, fileIds },
            history,
            now: deps.clock(),
            signal,
            listings: listingSearchFor(deps.db, chatbot.workspaceId, chatbot.id),
            conversation: {
              load: () => sessionState(db, session.id),
              save: (state) => saveSessionState(db, session.id, state),
            },
            talkToHuman: talk
              ? (lead) =>
                  talk(
                    { workspaceId: chatbot.workspaceId, chatbotId: chatbot.id, sessionId: session.id, visitor },
                    lead,
                  )
              : undefined,
            files: deps.storage ? questionFilesOf(db, deps.storage, chatbot.workspaceId) : undefined,
            knowledge: knowledgeSearchFor(db, chatbot.workspaceId, chatbot.id),
            knowledgePassages: knowledgePassagesFor(db, deps.db.dialect, chatbot.workspaceId, chatbot.id),
          },
          emit,
        );
      } catch (err) {
        failure = err;
      }
      if (!failure && !signal.aborted && engine !== withPersonEngine) emit(chatbot.settings.AnswerSuffix);
      return finish(
        deps,
        engine,
        {
          chatbotId: chatbot.id,
          workspaceId: chatbot.workspaceId,
          sessionId: session.id,
          questionId,
          askType,
          question: input.content,
          history,
        },
        fragments.join(''),
        outcome,
        failure,
        signal.aborted,
      );
    },
  };
}

interface Asked {
  chatbotId: number;
  workspaceId: number;
  sessionId: number;
  questionId: number;
  askType: AskType;
  question: string;
  history: HistoryMessage[];
}

async function finish(
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
    },
    deps.clock(),
  );
  await announce(deps, a.workspaceId, a.sessionId);
  deps.metrics.answers.inc({ engine: engine.name, outcome: status === 'complete' && noAnswer ? 'no_answer' : status });
  deps.metrics.tokens.inc({ engine: engine.name }, totalToken);
  if (failure) throw failure;
  return { questionId: a.questionId, answerId, content: text, totalToken, noAnswer, listings };
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
