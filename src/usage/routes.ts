import { Type } from 'typebox';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { EmptyBody } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { chatContentHistory } from './chat-history.ts';
import {
  ChatContentHistoryBody,
  ChatContentHistoryData,
  CreditsUsageData,
  MessageCountBody,
  MessageCountData,
  SessionLimitBody,
} from './schemas.ts';
import { creditsUsage, messageCount, setSessionLimit, type UsageDeps } from './service.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerUsageRoutes(app: App, deps: UsageDeps): void {
  app.post(
    '/chat/Chatbot/ChatContentHistory',
    {
      schema: {
        tags: ['usage'],
        summary: "A chatbot's conversations with messages in a time range (UTC)",
        body: ChatContentHistoryBody,
        response: { 200: envelopeOf(ChatContentHistoryData), ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const input = { serialNumber: b.SerialNumber, startTime: b.StartTime, endTime: b.EndTime };
      return ok(await chatContentHistory(deps, workspaceOf(req), input));
    },
  );

  app.post(
    '/chat/Chatbot/GetMessageCountByChatbot',
    {
      schema: {
        tags: ['usage'],
        summary: 'How many questions and answers are stored for a chatbot',
        body: MessageCountBody,
        response: { 200: envelopeOf(MessageCountData), ...errors },
      },
    },
    async (req) => ok(await messageCount(deps, workspaceOf(req), req.body.SerialNumber)),
  );

  app.post(
    '/chat/Chatbot/GetMessageCreditsUsage',
    {
      schema: {
        tags: ['usage'],
        summary: "The workspace's questions this month against its chatbots' MessageLimits",
        body: EmptyBody,
        response: { 200: envelopeOf(CreditsUsageData), ...errors },
      },
    },
    async (req) => ok(await creditsUsage(deps, workspaceOf(req))),
  );

  app.post(
    '/chat/Chatbot/SetSessionMessagesLimit',
    {
      schema: {
        tags: ['usage'],
        summary: 'Set the most questions one session may ask, for every chatbot of the workspace (-1 = unlimited)',
        description:
          'A question beyond it answers 429 (no Retry-After: a session never gets more). Data is true. ' +
          'It counts every question the session asked, also those asked before the limit was set.',
        body: SessionLimitBody,
        response: { 200: envelopeOf(Type.Literal(true)), ...errors },
      },
    },
    async (req) => {
      await setSessionLimit(deps, workspaceOf(req), req.body.MessagesLimit);
      return ok(true as const);
    },
  );
}
