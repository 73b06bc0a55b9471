// The widget's GET endpoints: its scripts (Parlor's widget.js and the platform's embed code,
// embed.min.js and embed.iframe.js), the chat as a page (/chatbot-iframe/SERIAL) and /demo.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { findChatbotBySerial } from '../chatbots/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { EXAMPLE_SERIAL } from '../http/schema.ts';
import { sendBundle } from '../http/script-bundle.ts';
import type { App } from '../http/types.ts';
import { type BundleName, WIDGET_ENTRIES } from './bundle.ts';
import { chatPage, noChatPage } from './chat-page.ts';
import { bootstrapSerial, demoPage, noDemoPage } from './demo-page.ts';
import { frameAncestors } from './domains.ts';

const SCRIPTS: [string, BundleName][] = [
  ['/widget.js', 'widget'],
  ['/embed.min.js', 'widget'],
  ['/embed.iframe.js', 'iframe'],
];

function sendScript(name: BundleName, req: FastifyRequest, reply: FastifyReply) {
  return sendBundle(WIDGET_ENTRIES[name], req, reply, true);
}

function html(reply: FastifyReply): FastifyReply {
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
}

export function registerWidgetPages(app: App, db: Kysely<Database>, config: Config): void {
  for (const [path, name] of SCRIPTS) {
    app.get(path, { schema: { hide: true } }, (req, reply) => sendScript(name, req, reply));
  }

  app.get(
    '/chatbot-iframe/:serial',
    {
      schema: {
        tags: ['widget'],
        summary: "The chat as a page, for the platform's iframe embed code (no credential)",
        description:
          'HTML: the chat open and filling the page, following the same settings as the bubble. ' +
          'Content-Security-Policy frame-ancestors lists the hosts in Domains when VerifyDomain is on (* when ' +
          'off), so the browser refuses to show it framed by any other site. 404 (HTML) for an unknown chatbot.',
        params: Type.Object({
          serial: Type.String({ minLength: 1, maxLength: 64, description: 'The chatbot', examples: [EXAMPLE_SERIAL] }),
        }),
      },
    },
    async (req, reply) => {
      const bot = await findChatbotBySerial(db, req.params.serial);
      if (!bot) return html(reply).code(404).send(noChatPage(req.params.serial));
      // Its requests carry Parlor's own Origin: the referrer (same origin only) tells the
      // server they come from this page (domains.ts fromOwnChatPage).
      return html(reply)
        .header('content-security-policy', frameAncestors(bot.settings))
        .header('referrer-policy', 'same-origin')
        .send(chatPage(bot.settings.Name, bot.serialNumber));
    },
  );

  app.get(
    '/demo',
    {
      schema: {
        tags: ['widget'],
        summary: 'A sample page with the widget (the first-start demo chatbot, or ?chatbot=SERIAL)',
        querystring: Type.Object({
          chatbot: Type.Optional(
            Type.String({ maxLength: 64, description: 'Omitted: the demo chatbot', examples: [EXAMPLE_SERIAL] }),
          ),
        }),
      },
    },
    async (req, reply) => {
      const { publicUrl, dataDir } = config;
      html(reply);
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
