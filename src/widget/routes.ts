// The widget's endpoints: GetConfig and Ask for visitors (no workspace credential); the
// scripts and pages are in page-routes.ts.
import { Type } from 'typebox';
import { AnswerData, answerQuestion, type ChatDeps, STREAM_DESCRIPTION, StreamHeaders } from '../chat/index.ts';
import type { Config } from '../config.ts';
import { presentedKeys } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { registerWidgetPages } from './page-routes.ts';
import { installPublicAccess, pageUriOf, siteOf } from './public-access.ts';
import { GetConfigBody, PlatformWidgetHeaders, PublicConfig, WidgetAskBody } from './schemas.ts';
import { widgetConfig } from './service.ts';

export interface WidgetDeps {
  config: Config;
  chat: ChatDeps;
}

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerWidgetRoutes(app: App, deps: WidgetDeps): void {
  const db = deps.chat.db.kysely;
  const { publicUrl } = deps.config;
  installPublicAccess(app, db, publicUrl);

  app.post(
    '/chat/Chatbot/GetConfig',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['widget'],
        summary: "A chatbot's public settings, a new session and a visitor key for it (no credential)",
        description:
          "For the website widget (Parlor's, and the platform's pointed at Parlor). Data holds look-and-feel and " +
          "behaviour settings, under Parlor's names and the platform's, and where the chatbot may be embedded " +
          '(Domains, CustomDomain); never the SystemMessage, e-mails, model or limits. clientTimeZone and ' +
          'clientCurrentTime are accepted and ignored. SessionKey is a visitor key for that one session: send it as ' +
          'chatrobot-sessionkey to /chat/Chat/Ask, /chat/File/Upload and /chat/Chat/TalkToHuman; it reaches nothing ' +
          'else. Presenting a still-valid visitor key of the same chatbot keeps its session instead of opening one. ' +
          'With VerifyDomain on, the Origin (or Referer) host must be in Domains, else 403; the port is ignored, and ' +
          'X-Referer and ReferrerInfo are never trusted for it.',
        security: [],
        headers: PlatformWidgetHeaders,
        body: GetConfigBody,
        response: { 200: envelopeOf(PublicConfig), ...errors },
      },
    },
    async (req) => {
      const key = presentedKeys(req).find((k) => k.startsWith('vk_')) ?? null;
      const ctx = { db, now: deps.chat.clock(), visitor: { limits: deps.config.abuse, address: req.ip } };
      return ok(await widgetConfig(ctx, req.body.serialNumber, siteOf(req, publicUrl), key, pageUriOf(req)));
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
          'ask in its own session (another session answers 404), and only from the sites the chatbot allows. ' +
          STREAM_DESCRIPTION,
        security: [{ sessionKey: [] }],
        headers: Type.Object({ ...StreamHeaders.properties, ...PlatformWidgetHeaders.properties }),
        body: WidgetAskBody,
        response: { 200: envelopeOf(AnswerData), ...errors },
      },
    },
    async (req, reply) => answerQuestion(deps.chat, req, reply, req.body),
  );

  registerWidgetPages(app, db, deps.config);
}
