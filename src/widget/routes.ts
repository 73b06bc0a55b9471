// The widget's endpoints (DESIGN §3.7): GetConfig and Ask for visitors (no workspace
// credential), the widget script, and the /demo page.
import { Type } from 'typebox';
import type { ChatDeps } from '../chat/ask.ts';
import { answerQuestion } from '../chat/routes.ts';
import { AnswerData } from '../chat/schemas.ts';
import { findChatbotBySerial } from '../chatbots/repo.ts';
import type { Config } from '../config.ts';
import { presentedKeys } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { widgetBundle } from './bundle.ts';
import { bootstrapSerial, demoPage, noDemoPage } from './demo-page.ts';
import { frameAncestors } from './domains.ts';
import { installPublicAccess, siteOf } from './public-access.ts';
import { GetConfigBody, PublicConfig, WidgetAskBody } from './schemas.ts';
import { widgetConfig } from './service.ts';

export interface WidgetDeps {
  config: Config;
  chat: ChatDeps;
}

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerWidgetRoutes(app: App, deps: WidgetDeps): void {
  const db = deps.chat.db.kysely;
  installPublicAccess(app, db);

  app.post(
    '/chat/Chatbot/GetConfig',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['widget'],
        summary: "A chatbot's public settings, a new session and a visitor key for it (no credential)",
        description:
          'For the website widget. Data holds only look-and-feel and behaviour settings, never the ' +
          'SystemMessage, e-mails, Domains or limits. SessionKey is a visitor key for that one session: send it as ' +
          'chatrobot-sessionkey to /chat/Chat/Ask, /chat/File/Upload and /chat/Chat/TalkToHuman; it reaches nothing ' +
          'else. Presenting a still-valid visitor key of the same chatbot keeps its session instead of opening one. ' +
          'With VerifyDomain on, the Origin (or Referer) host must be in Domains, else 403; the port is ignored.',
        security: [],
        body: GetConfigBody,
        response: { 200: envelopeOf(PublicConfig), ...errors },
      },
    },
    async (req) => {
      const key = presentedKeys(req).find((k) => k.startsWith('vk_')) ?? null;
      const ctx = { db, now: deps.chat.clock() };
      return ok(await widgetConfig(ctx, req.body.serialNumber, siteOf(req), key));
    },
  );

  app.post(
    '/chat/Chat/Ask',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['widget'],
        summary:
          "The widget's ClientAsk: a visitor key (chatrobot-sessionkey) for its own session; streamed by default",
        description:
          'Same body and answers as /chat/Chat/ClientAsk, but stream defaults to true. A visitor key can only ' +
          'ask in its own session (another session answers 404), and only from the sites the chatbot allows.',
        security: [{ sessionKey: [] }],
        body: WidgetAskBody,
        response: { 200: envelopeOf(AnswerData), ...errors },
      },
    },
    async (req, reply) => answerQuestion(deps.chat, req, reply, req.body),
  );

  app.get('/widget.js', { schema: { hide: true } }, async (req, reply) => {
    const bundle = await widgetBundle();
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('etag', bundle.etag);
    if (req.headers['if-none-match'] === bundle.etag) return reply.code(304).send();
    return reply.send(bundle.code);
  });

  app.get(
    '/demo',
    {
      schema: {
        tags: ['widget'],
        summary: 'A sample page with the widget (the first-start demo chatbot, or ?chatbot=SERIAL)',
        querystring: Type.Object({ chatbot: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (req, reply) => {
      const { publicUrl, dataDir } = deps.config;
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      const serial = req.query.chatbot || bootstrapSerial(dataDir);
      if (!serial) {
        return reply.send(
          noDemoPage(publicUrl, 'There is no demo chatbot: first-start bootstrap was off or its file is gone.'),
        );
      }
      const bot = await findChatbotBySerial(db, serial);
      if (!bot) return reply.code(404).send(noDemoPage(publicUrl, `There is no chatbot "${serial}".`));
      return reply
        .header('content-security-policy', frameAncestors(bot.settings))
        .send(demoPage(publicUrl, bot.serialNumber));
    },
  );
}
