// buildApp(deps): plugins and routes, no listen(). Tests build it with fakes.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { capConnectionsPerAddress } from './abuse/connections.ts';
import { OpenStreams } from './abuse/open-streams.ts';
import type { EngineRegistry } from './answer/registry.ts';
import { registerAgentRoutes } from './chat/agent-routes.ts';
import { registerChatRoutes } from './chat/routes.ts';
import { visitorUpload } from './chat/visitor-upload.ts';
import { isChatbotImage } from './chatbots/images.ts';
import { registerModelListRoutes } from './chatbots/model-list.ts';
import { registerChatbotRoutes } from './chatbots/routes.ts';
import type { Config } from './config.ts';
import { fastifyTrustProxy } from './config-proxies.ts';
import { staffLookup } from './console/cookie.ts';
import { registerPeopleRoutes } from './console/people-routes.ts';
import { registerReviewConsoleRoutes } from './console/review-routes.ts';
import { registerConsoleRoutes } from './console/routes.ts';
import { registerStartRoutes } from './console/start-routes.ts';
import { registerCrmRoutes } from './crm/routes.ts';
import type { Db } from './db/connect.ts';
import { createResultCache } from './db/result-cache.ts';
import { registerFileRoutes } from './files/routes.ts';
import { type FileStorage, LocalStorage } from './files/storage.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { startFileSweeper } from './housekeeping/file-sweep.ts';
import { startAbuseSweeper } from './housekeeping/sweep.ts';
import { AJV_OPTIONS } from './http/ajv-options.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { ApiRateLimit } from './http/api-rate.ts';
import type { Principal } from './http/auth.ts';
import { authenticate } from './http/auth.ts';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './http/error-handler.ts';
import { installEventLoopGuard } from './http/event-loop.ts';
import { registerFavicon } from './http/favicon.ts';
import { requestLogFields } from './http/log-fields.ts';
import { createMetrics, installMetrics } from './http/metrics.ts';
import { BODY_LIMIT, installJsonBodies } from './http/request-body.ts';
import { closeSilentConnections, installRequestLimits, serverTimeouts } from './http/request-limits.ts';
import { collectRoutes } from './http/route-list.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import type { App } from './http/types.ts';
import { limitKnowledgeIndex } from './knowledge/index.ts';
import { registerKnowledgeRoutes } from './knowledge/routes.ts';
import { startKnowledgeWorker } from './knowledge/worker.ts';
import { qualifyLeadFromChat } from './leads/qualify-lead.ts';
import { registerLeadRoutes } from './leads/routes.ts';
import { createLeadFromChat } from './leads/service.ts';
import { registerListingRoutes } from './listings/routes.ts';
import { type LiveBus, liveBusFor } from './live/bus.ts';
import { registerMcpRoutes } from './mcp/routes.ts';
import { installNotify, type NotifyOptions } from './notify/install.ts';
import { registerPrivacyRoutes, startRetentionSweeper } from './privacy/index.ts';
import { registerReviewRoutes } from './review/index.ts';
import { findDemoSerial } from './setup/demo-chatbot.ts';
import { registerHomePage } from './setup/home-page.ts';
import { registerSmsRoutes } from './sms/routes.ts';
import { tourDeskFor } from './tours/desk.ts';
import { appointmentsOfLeadsFor } from './tours/lead-link.ts';
import { registerManageRoutes } from './tours/manage-routes.ts';
import { startReminders } from './tours/reminders.ts';
import { registerTourRoutes } from './tours/routes.ts';
import { registerUsageRoutes } from './usage/routes.ts';
import { sweepConsoleSessions } from './users/sessions.ts';
import { registerWidgetRoutes } from './widget/routes.ts';
import { hashKey } from './workspaces/keys.ts';
import { findPrincipal } from './workspaces/repo.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The current time; tests pass a controllable clock. */
  clock: () => Date;
  /** The answer engines by model (answer/default-registry.ts builds the real one). */
  engines: EngineRegistry;
  /** Keep-alive interval of streamed answers; 15 s unless a test shortens it. */
  keepAliveMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files live; a directory under the data dir unless given. */
  storage?: FileStorage;
  /** The outbox worker and digest timers (notify/install.ts); tests turn them off. */
  notify?: NotifyOptions;
  /** Live events between instances (live/bus.ts); one is made for the database unless given. */
  live?: LiveBus;
  /** The retention sweep (privacy/retention.ts) in the background; on unless false (tests drive it). */
  retentionSweep?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["chatrobot-sessionkey"]', 'req.headers.cookie'],
      serializers: { req: requestLogFields },
    },
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    ...serverTimeouts(config),
    frameworkErrors: frameworkErrorHandler(config.httpStatus),
    clientErrorHandler: clientErrorHandler(config.httpStatus),
    // req.ip: the socket's address unless PARLOR_TRUSTED_PROXIES says which forwarded entries to believe.
    trustProxy: fastifyTrustProxy(config.trustedProxies),
    ajv: { customOptions: { ...AJV_OPTIONS, keywords: [...AJV_OPTIONS.keywords] } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorateRequest('principal', null);
  app.decorateRequest('staff', null);
  await app.register(cookie);
  if (!config.trustedProxies) capConnectionsPerAddress(app.server, config.abuse.connectionsPerAddress);
  closeSilentConnections(app.server);
  installErrorHandling(app, config.httpStatus);
  installJsonBodies(app);
  installRequestLimits(app);
  installSecurityHeaders(app);

  collectRoutes(app);
  // Routes under /chat/ need a workspace credential unless they say otherwise.
  app.addHook('onRoute', (route) => {
    route.config = {
      ...route.config,
      auth: route.config?.auth ?? (route.url.startsWith('/chat/') ? 'workspace' : 'none'),
    };
  });
  // Credentials change only by writes to these tables, which this cache depends on
  // (db/result-cache.ts): a revoked key is refused at once, on every instance. A session's
  // deletion removes its visitor key, a chatbot's or workspace's theirs. Unknown keys are
  // cached too, bounded like the rest.
  const principals = createResultCache<Principal | null>(db, ['api_keys', 'sessions:delete', 'chatbots', 'workspaces']);
  const lookup = (key: string) => principals.get(hashKey(key), () => findPrincipal(db.kysely, key));
  const staffOf = staffLookup(db.kysely, deps.clock);
  const live = deps.live ?? liveBusFor(db);
  app.addHook('onClose', async () => live.close());
  const apiRate = new ApiRateLimit(config.apiRequestsPerMinute);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (req.is404) return;
    await authenticate(req, req.routeOptions.config.auth ?? 'none', lookup, staffOf);
    // A workspace's own keys (not the console's cookie, not visitors: abuse/ limits those).
    if (req.principal?.kind === 'workspace' && req.principal.keyId > 0) apiRate.take(req.principal.workspaceId);
  });

  const metrics = createMetrics();
  installMetrics(app, metrics, config.metricsToken);
  installEventLoopGuard(app, metrics);

  await registerApiDocs(app, { demoSerial: () => findDemoSerial(db.kysely) });

  registerHomePage(app);
  registerFavicon(app);
  registerHealthRoutes(app, deps);
  registerChatbotRoutes(app, deps);
  registerModelListRoutes(app, deps);
  registerListingRoutes(app, deps);
  const storage = deps.storage ?? new LocalStorage(join(config.dataDir, 'files'));
  registerFileRoutes(app, { db, config, clock: deps.clock, storage, visitorUpload, isChatbotImage });
  const stopSweeper = startFileSweeper(
    db.kysely,
    storage,
    deps.clock,
    (err) => app.log.error({ err }, 'file sweep failed'),
    config.uploads.visitorFileDays,
  );
  app.addHook('onClose', async () => stopSweeper());
  const worker = installNotify(app, deps);
  const stopAbuseSweeper = startAbuseSweeper(db.kysely, deps.clock, (err) => app.log.error({ err }, 'sweep failed'));
  app.addHook('onClose', async () => stopAbuseSweeper());
  const leadDeps = {
    db,
    clock: deps.clock,
    publicUrl: config.publicUrl,
    onQueued: () => worker.nudge(),
    abuse: config.abuse,
    live,
    appointments: appointmentsOfLeadsFor(db.kysely),
  };
  registerLeadRoutes(app, { ...leadDeps, allowPrivateUrls: config.allowPrivateUrls });
  registerCrmRoutes(app, { db, clock: deps.clock });
  const tourDeps = {
    db,
    clock: deps.clock,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    sms: config.twilio !== null,
    onQueued: () => worker.nudge(),
    abuse: config.abuse,
    live,
  };
  registerTourRoutes(app, tourDeps);
  registerManageRoutes(app, tourDeps);
  // Reminders are notifications: they run where the outbox worker runs (tests drive them).
  if (deps.notify?.enabled ?? true) {
    const stopReminders = startReminders(tourDeps, (err) => app.log.error({ err }, 'tour reminders failed'));
    app.addHook('onClose', async () => stopReminders());
  }
  registerSmsRoutes(app, { db, clock: deps.clock, twilio: config.twilio, onQueued: () => worker.nudge() });
  const privacyDeps = {
    db,
    storage,
    clock: deps.clock,
    onRemoved: (counts: Record<string, number>, reason: 'erase' | 'retention') => {
      for (const [kind, n] of Object.entries(counts)) if (n > 0) metrics.privacyRemoved.inc({ kind, reason }, n);
    },
  };
  registerPrivacyRoutes(app, privacyDeps);
  if (deps.retentionSweep ?? true) {
    const stopRetention = startRetentionSweeper(privacyDeps, (err) => app.log.error({ err }, 'retention sweep failed'));
    app.addHook('onClose', async () => stopRetention());
  }
  const chatDeps = {
    db,
    clock: deps.clock,
    engines: deps.engines,
    metrics,
    keepAliveMs: deps.keepAliveMs,
    talkToHuman: createLeadFromChat(leadDeps),
    qualifyLead: qualifyLeadFromChat(leadDeps),
    tours: tourDeskFor(tourDeps),
    storage,
    abuse: { limits: config.abuse, streams: new OpenStreams(config.abuse.openStreams) },
    live,
  };
  registerChatRoutes(app, chatDeps);
  registerReviewRoutes(app, { db, clock: deps.clock, metrics, onQueued: () => worker.nudge(), live });
  registerAgentRoutes(app, chatDeps);
  registerConsoleRoutes(app, { config, chat: chatDeps, leads: leadDeps, tours: tourDeps });
  registerStartRoutes(app, { config, privacy: privacyDeps });
  registerPeopleRoutes(app, { config, chat: chatDeps });
  const consoleSweep = setInterval(() => {
    sweepConsoleSessions(db.kysely, deps.clock()).catch((err) =>
      app.log.error({ err }, 'console session sweep failed'),
    );
  }, 3600_000);
  consoleSweep.unref();
  app.addHook('onClose', async () => clearInterval(consoleSweep));
  registerUsageRoutes(app, { db, clock: deps.clock });
  limitKnowledgeIndex({
    totalPassages: config.knowledge.indexPassages,
    perWorkspacePassages: config.knowledge.passagesPerWorkspace,
  });
  const passageCaps = {
    perChatbot: config.knowledge.passagesPerChatbot,
    perWorkspace: config.knowledge.passagesPerWorkspace,
  };
  const knowledgeWorker = startKnowledgeWorker({
    db,
    storage,
    clock: deps.clock,
    outgoing: { allowPrivate: config.allowPrivateUrls },
    onError: (err) => app.log.error({ err }, 'knowledge worker failed'),
    workers: config.knowledge.workers,
    workspaceInFlight: config.knowledge.workspaceInFlight,
    passageCaps,
    extraction: { heapMb: config.knowledge.extractHeapMb, timeoutMs: config.knowledge.extractTimeoutMs },
  });
  app.addHook('onClose', async () => knowledgeWorker.stop());
  registerKnowledgeRoutes(app, {
    db,
    clock: deps.clock,
    allowPrivateUrls: config.allowPrivateUrls,
    onQueued: () => knowledgeWorker.nudge(),
    passageCaps,
  });
  registerReviewConsoleRoutes(app, {
    db,
    clock: deps.clock,
    knowledge: { allowPrivateUrls: config.allowPrivateUrls, onQueued: () => knowledgeWorker.nudge(), passageCaps },
  });
  registerWidgetRoutes(app, { config, chat: chatDeps });
  registerMcpRoutes(app, {
    db,
    clock: deps.clock,
    abuse: config.abuse,
    registry: metrics.registry,
    talkToHuman: chatDeps.talkToHuman,
    tours: chatDeps.tours,
    version: '1.0.0',
  });
  return app;
}
