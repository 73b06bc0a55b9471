// The console's home page for owners (views/start.ts): the embed snippet and the live widget of
// a chatbot, the get-started checklist read from what is really saved, and "Remove demo data".
import { DEFAULT_SETTINGS } from '../chatbots/index.ts';
import type { Config } from '../config.ts';
import { NotFound, Unauthorized } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { hasAboutText } from '../knowledge/index.ts';
import { countListings } from '../listings/index.ts';
import { type EraseDeps, removeChatbotConversations } from '../privacy/index.ts';
import {
  chatbotsWithSamples,
  DEMO_AGENTS_EMAIL,
  DEMO_SETTINGS,
  removeSampleListings,
  SAMPLE_MLS_NUMBERS,
} from '../setup/index.ts';
import { countInvites, userInWorkspace, usersOf } from '../users/index.ts';
import { embedSnippet } from '../widget/index.ts';
import { chatbotsOf } from './inbox.ts';
import { DemoRemoveBody, StartQuery } from './people-schemas.ts';

export interface StartRouteDeps {
  config: Pick<Config, 'publicUrl'>;
  privacy: EraseDeps;
}

const ownerOnly = { config: { auth: 'owner' as const } };

function staffOf(req: { staff: { workspaceId: number; userId: number } | null }) {
  if (!req.staff) throw new Unauthorized('sign in to the console first');
  return req.staff;
}

/** Set, and not left as the default or the demo's. */
function changed(value: string, ...placeholders: string[]): boolean {
  const v = value.trim();
  return v !== '' && !placeholders.includes(v);
}

export function registerStartRoutes(app: App, deps: StartRouteDeps): void {
  const { db, clock } = deps.privacy;
  const schema = { hide: true };

  app.get('/console/api/get-started', { ...ownerOnly, schema: { ...schema, querystring: StartQuery } }, async (req) => {
    const staff = staffOf(req);
    const bots = await chatbotsOf({ db, clock }, staff.workspaceId);
    const bot = req.query.chatbot ? bots.find((b) => b.serialNumber === req.query.chatbot) : bots[0];
    if (req.query.chatbot && !bot) throw new NotFound(`chatbot "${req.query.chatbot}"`);
    const withWs = bots.map((b) => ({ ...b, workspaceId: staff.workspaceId }));
    const [demoBots, users, invites, me] = await Promise.all([
      chatbotsWithSamples(db.kysely, withWs),
      usersOf(db, staff.workspaceId),
      countInvites(db.kysely, staff.workspaceId),
      userInWorkspace(db, staff.workspaceId, staff.userId),
    ]);
    let botSteps: { Key: string; Title: string; Done: boolean }[] = [];
    if (bot) {
      const owner = { workspaceId: staff.workspaceId, chatbotId: bot.id };
      const s = bot.settings;
      const listings = await countListings(db.kysely, owner, {});
      const samples = demoBots.some((d) => d.id === bot.id) ? SAMPLE_MLS_NUMBERS.length : 0;
      botSteps = [
        {
          Key: 'name',
          Title: "Your brokerage's name and welcome message",
          Done:
            changed(s.Name, DEFAULT_SETTINGS.Name, DEMO_SETTINGS.Name) &&
            changed(s.WelcomeMessage, DEFAULT_SETTINGS.WelcomeMessage, DEMO_SETTINGS.WelcomeMessage),
        },
        {
          Key: 'about',
          Title: 'About the brokerage (what the chatbot knows)',
          Done: await hasAboutText(db.kysely, owner),
        },
        // The sample listings do not count: only ones the brokerage added.
        { Key: 'listings', Title: 'Your listings imported', Done: listings > samples },
        {
          Key: 'handoff',
          Title: 'Where requests for a person go (handoff e-mail)',
          Done: changed(s.TalkToHumanEmail, DEMO_AGENTS_EMAIL),
        },
      ];
    }
    const steps = [
      ...botSteps,
      {
        Key: 'agent',
        Title: 'An agent invited',
        Done: invites > 0 || users.some((u) => u.role === 'agent'),
      },
      { Key: 'password', Title: 'Your own password chosen', Done: me.password_changed_at !== null },
      { Key: 'demo', Title: 'Demo data removed', Done: demoBots.length === 0 },
    ];
    return ok({
      Chatbot: bot ? { SerialNumber: bot.serialNumber, Name: bot.name } : null,
      Embed: bot ? embedSnippet(deps.config.publicUrl, bot.serialNumber) : '',
      WidgetUrl: bot ? `/demo?chatbot=${encodeURIComponent(bot.serialNumber)}` : '',
      DemoChatbots: demoBots.map((b) => ({ SerialNumber: b.serialNumber, Name: b.name })),
      Steps: steps,
      Done: steps.every((x) => x.Done),
    });
  });

  // The demo chatbot keeps its settings (it may have become the brokerage's own); its sample
  // listings and every conversation it had (with their leads and showings) go.
  app.post(
    '/console/api/demo-data/remove',
    { ...ownerOnly, schema: { ...schema, body: DemoRemoveBody } },
    async (req) => {
      const staff = staffOf(req);
      const bots = (await chatbotsOf({ db, clock }, staff.workspaceId)).map((b) => ({
        ...b,
        workspaceId: staff.workspaceId,
      }));
      let listings = 0;
      let sessions = 0;
      for (const bot of await chatbotsWithSamples(db.kysely, bots)) {
        listings += await removeSampleListings(db.kysely, bot);
        const counts = await removeChatbotConversations(deps.privacy, bot);
        sessions += counts.Sessions ?? 0;
      }
      return ok({ Listings: listings, Sessions: sessions });
    },
  );
}
