// A person's side of a conversation: AgentReply stores a message of role 'agent' and puts the
// session "with a person"; takeOver does the latter alone. Replies to one session are
// serialized on its row (PostgreSQL FOR UPDATE; SQLite has one writer), so two agents
// replying at once both land, in the order they committed. Hand back is leads' Resume.
import { Invalid, NotFound } from '../errors.ts';
import { announce } from '../live/index.ts';
import type { ChatDeps } from './deps.ts';
import { findSession, insertMessage, lockSession, setSessionMode, touchSession } from './repo.ts';

export const AGENT_REPLY_MAX = 8000;

export function checkReply(content: string): string {
  const text = content.trim();
  if (!text) throw new Invalid('content', 'must not be empty');
  if (text.length > AGENT_REPLY_MAX) throw new Invalid('content', `must be at most ${AGENT_REPLY_MAX} characters`);
  return text;
}

type Deps = Pick<ChatDeps, 'db' | 'clock' | 'live'>;

export async function agentReply(
  deps: Deps,
  workspaceId: number,
  sessionId: number,
  content: string,
  userId: number | null,
): Promise<{ messageId: number; createdAt: string }> {
  const text = checkReply(content);
  const now = deps.clock();
  const db = deps.db.kysely;
  const id = await db.transaction().execute(async (trx) => {
    await lockSession(trx, sessionId, deps.db.dialect === 'postgres');
    const session = await findSession(trx, workspaceId, sessionId);
    if (!session) throw new NotFound(`session ${sessionId}`);
    const messageId = await insertMessage(
      trx,
      {
        workspaceId,
        chatbotId: session.chatbot_id,
        sessionId,
        role: 'agent',
        content: text,
        askType: 'Text',
        fileIds: [],
        questionId: null,
        totalToken: 0,
        noAnswer: false,
        status: 'complete',
        engine: null,
        userId,
      },
      now,
    );
    await setSessionMode(trx, workspaceId, sessionId, 'agent');
    await touchSession(trx, sessionId, now);
    return messageId;
  });
  await announce(deps, workspaceId, sessionId);
  return { messageId: id, createdAt: now.toISOString() };
}

/** A person takes the conversation: the chatbot stops answering it. */
export async function takeOver(deps: Deps, workspaceId: number, sessionId: number): Promise<void> {
  if (!(await setSessionMode(deps.db.kysely, workspaceId, sessionId, 'agent')))
    throw new NotFound(`session ${sessionId}`);
  await announce(deps, workspaceId, sessionId);
}
