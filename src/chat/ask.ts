// ClientAsk's one verb (docs/api.md "Answers"), shared by the JSON and the streamed answer:
// startAsk checks everything that can fail before the answer and stores the question
// (within the limits); run() drives the engine, forwards fragments, appends AnswerSuffix
// and stores the answer — also when the client went away.
import type { Static } from 'typebox';
import { type AnswerOutcome, type AskType, type HistoryMessage, listingSearchFor } from '../answer/index.ts';
import { findChatbotById } from '../chatbots/index.ts';
import { NotFound } from '../errors.ts';
import type { Principal } from '../http/auth.ts';
import { knowledgePassagesFor, knowledgeSearchFor } from '../knowledge/index.ts';
import { announce } from '../live/index.ts';
import { type AskResult, finish } from './ask-finish.ts';
import { checkAskInput } from './ask-rules.ts';
import type { ChatDeps } from './deps.ts';
import { lookedUpKnowledge } from './knowledge-miss.ts';
import { storeQuestionWithinLimits } from './limits.ts';
import { watchedListingSearch } from './listing-searches.ts';
import { questionFilesOf } from './question-files.ts';
import { findSession, recentMessages, saveSessionState, sessionState } from './repo.ts';
import type { AskBody } from './schemas.ts';
import { waitingEngineOver, withPersonEngine } from './waiting-engine.ts';

/** ClientAsk's body as its schema types it (without `stream`, which picks the verb's framing). */
export type AskInput = Omit<Static<typeof AskBody>, 'stream'> & {
  /** The client address of a visitor's question (abuse limits); unset for workspace callers. */
  visitorAddress?: string;
};

export interface PreparedAsk {
  questionId: number;
  run(onText: (fragment: string) => void, signal: AbortSignal): Promise<AskResult & { handedOff: boolean }>;
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
      ? waitingEngineOver(deps.engines.engineFor(chatbot.settings.Model))
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
  const qualify = deps.qualifyLead;
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
      // The answer took the visitor's lead and left the session waiting for a person.
      let handedOff = false;
      const searched = watchedListingSearch(listingSearchFor(deps.db, chatbot.workspaceId, chatbot.id));
      const looked = lookedUpKnowledge(
        knowledgeSearchFor(db, chatbot.workspaceId, chatbot.id),
        knowledgePassagesFor(db, deps.db.dialect, chatbot.workspaceId, chatbot.id),
      );
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
            listings: searched.listings,
            conversation: {
              load: () => sessionState(db, session.id),
              save: (state) => saveSessionState(db, session.id, state),
            },
            talkToHuman: talk
              ? async (lead) => {
                  const message = await talk(
                    { workspaceId: chatbot.workspaceId, chatbotId: chatbot.id, sessionId: session.id, visitor },
                    lead,
                  );
                  handedOff = true;
                  return message;
                }
              : undefined,
            qualifyLead: qualify
              ? (q) => qualify({ workspaceId: chatbot.workspaceId, sessionId: session.id }, q)
              : undefined,
            tours: deps.tours?.({
              workspaceId: chatbot.workspaceId,
              chatbotId: chatbot.id,
              sessionId: session.id,
              visitor,
            }),
            files: deps.storage ? questionFilesOf(db, deps.storage, chatbot.workspaceId) : undefined,
            knowledge: looked.knowledge,
            knowledgePassages: looked.knowledgePassages,
          },
          emit,
        );
      } catch (err) {
        failure = err;
      }
      if (!failure && !signal.aborted && engine !== withPersonEngine) emit(chatbot.settings.AnswerSuffix);
      const result = await finish(
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
          knowledgeMiss: looked.missed,
          listingSearches: searched.searches,
        },
        fragments.join(''),
        outcome,
        failure,
        signal.aborted,
      );
      return { ...result, handedOff };
    },
  };
}
