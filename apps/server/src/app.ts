// buildApp(deps): the whole HTTP app as a function, used by main.ts and by every test.

import type { LanguageModelV3 } from '@ai-sdk/provider';
import cookie from '@fastify/cookie';
import { MAX_JSON_BODY_BYTES } from '@knap/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_SCRIPT } from './demo-script.js';
import { adminRoutes } from './modules/admin/routes.js';
import { assistantJobs } from './modules/assistant/jobs.js';
import { drainReplies } from './modules/assistant/reply-run.js';
import { assistantRoutes } from './modules/assistant/routes.js';
import { createReplyWriter, startReplyWriter, stopReplyWriter } from './modules/assistant/writers.js';
import { auditRoutes } from './modules/audit/routes.js';
import { newProviderDiscovery } from './modules/auth/provider-metadata.js';
import { authRoutes } from './modules/auth/routes.js';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/routes.js';
import { createStripe } from './modules/billing/stripe.js';
import { createCheckpointWriter } from './modules/chats/checkpoints.js';
import { chatsJobs } from './modules/chats/jobs.js';
import { ChatListCache } from './modules/chats/list-cache.js';
import { chatRoutes } from './modules/chats/routes.js';
import { clientReviewRoutes } from './modules/client-reviews/routes.js';
import { complianceJobs } from './modules/compliance/jobs.js';
import { complianceRoutes } from './modules/compliance/routes.js';
import { forgetIntegrations } from './modules/connections/forget.js';
import { McpToolCache } from './modules/connections/mcp/tool-cache.js';
import { connectionBrowserRoutes, connectionRoutes } from './modules/connections/routes.js';
import { vendorRoutes } from './modules/connections/vendor-routes.js';
import { creditsJobs } from './modules/credits/jobs.js';
import { creditRoutes } from './modules/credits/routes.js';
import { startPeriod } from './modules/credits/service.js';
import { createDocumentReader, createDocumentRenderer } from './modules/documents/extractor.js';
import { createDocumentFiles } from './modules/documents/files.js';
import { documentRoutes } from './modules/documents/routes.js';
import { newDocumentSearchReads } from './modules/documents/service.js';
import { emailRoutes } from './modules/email/routes.js';
import { financialPlanRoutes } from './modules/financial-plans/routes.js';
import { firstImpressionsRoutes } from './modules/first-impressions/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { knapRoutes } from './modules/knaps/routes.js';
import { libraryRoutes } from './modules/library/routes.js';
import { meetingBotJobs } from './modules/meeting-bot/jobs.js';
import { meetingBotRoutes } from './modules/meeting-bot/routes.js';
import { cancelMeetingBot, createMeetingBot } from './modules/meeting-bot/service.js';
import { meetingsJobs } from './modules/meetings/jobs.js';
import { meetingRoutes } from './modules/meetings/routes.js';
import { syncNewCalendar } from './modules/meetings/sync.js';
import { newslettersJobs } from './modules/newsletters/jobs.js';
import { newsletterRoutes } from './modules/newsletters/routes.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { createPdfRenderer, type PdfRenderer } from './modules/pdf/renderer.js';
import { pdfRoutes } from './modules/pdf/routes.js';
import { toolRoutes } from './modules/tools/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { createSessionCheck, resolveSessionUser } from './modules/users/service.js';
import { createAnalytics } from './platform/analytics.js';
import { requireUser } from './platform/auth.js';
import { type Clock, systemClock } from './platform/clock.js';
import { deriveAppKeys } from './platform/crypto.js';
import { type AppDeps, type AppInstance, withDb } from './platform/deps.js';
import { createErrorReporter, errorReportingOrigins } from './platform/error-reporting.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './platform/errors.js';
import { inProcessBus, redisBus } from './platform/events.js';
import { emptyHooks } from './platform/hooks.js';
import { inProcessScheduler, type Scheduler } from './platform/jobs.js';
import { bullmqScheduler } from './platform/jobs-bullmq.js';
import { createLanguageModel } from './platform/llm/index.js';
import { type LogStream, loggerOptions } from './platform/logging.js';
import { registerPressure } from './platform/pressure.js';
import { clearExpiredLimits, createRateLimits } from './platform/rate-limits.js';
import { guardRequestText } from './platform/request-text.js';
import { useSecurityHeaders } from './platform/security-headers.js';
import { registerWebApp } from './platform/web.js';

export type { AppDeps, AppInstance } from './platform/deps.js';

export interface BuildAppOptions extends Pick<AppDeps, 'config' | 'db'> {
  clock?: Clock;
  jobs?: Scheduler;
  /** Defaults to the model the config names (the demo model on the embedded default). */
  llm?: LanguageModelV3;
  /** Defaults to a worker pool sized by the config (PDF_WORKERS, PDF_QUEUE_MAX). */
  pdf?: PdfRenderer;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: LogStream;
}

export async function buildApp(options: BuildAppOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(options.config.logLevel, options.logStream),
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: options.config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  const core = {
    config: options.config,
    db: options.db,
    clock: options.clock ?? systemClock,
    // With REDIS_URL jobs run on BullMQ, once across every server; else on timers in this process.
    jobs:
      options.jobs ??
      (options.config.redisUrl
        ? // Deployments sharing a Redis but not a database schema keep their jobs apart.
          bullmqScheduler(options.config.redisUrl, app.log, {
            prefix: ['knap', options.config.databaseSchema].filter(Boolean).join(':'),
            drainMs: options.config.shutdownDrainMs,
          })
        : inProcessScheduler(app.log)),
    llm: options.llm ?? createLanguageModel(options.config.llm, { demoScript: DEMO_SCRIPT }),
    analytics: createAnalytics(options.config.analytics, app.log),
    errorReporter: await createErrorReporter(options.config.errorReporting, options.config.version),
    limits: createRateLimits(options.config, options.db, app.log),
    hooks: emptyHooks(),
    // With REDIS_URL, pushes to users' sockets reach every instance.
    events: options.config.redisUrl ? redisBus(options.config.redisUrl, app.log) : inProcessBus(),
    keys: deriveAppKeys(options.config.secret),
    verifiedTokens: new Map(),
  };
  // Per-app state of the modules, built here once (each module declares its field on AppDeps).
  const deps: AppDeps = {
    ...core,
    pdf: options.pdf ?? createPdfRenderer({ ...options.config.pdf, log: app.log }),
    documentReader: createDocumentReader({ workers: options.config.documents.workers, log: app.log }),
    documentRenderer: createDocumentRenderer({ workers: options.config.documents.workers, log: app.log }),
    documentFiles: createDocumentFiles(options.config, app.log),
    documentSearchReads: newDocumentSearchReads(core.clock),
    sessionCheck: createSessionCheck(core),
    chatListCache: new ChatListCache(),
    checkpoints: createCheckpointWriter(options.db),
    mcpToolCache: new McpToolCache(),
    tokenRefreshes: new Map(),
    providerDiscovery: newProviderDiscovery(app.log),
    meetingBot: createMeetingBot(options.config),
    stripe: createStripe(options.config.billing.stripe),
    runningReplies: new Map(),
    replyWriter: createReplyWriter(),
  };
  deps.hooks.accountClaimed.push((userId) => forgetIntegrations(deps, userId));
  deps.hooks.meetingBotUnwanted.push((meeting) => cancelMeetingBot(deps, meeting));
  deps.hooks.connected.push((connection) => syncNewCalendar(deps, connection, app.log));
  deps.hooks.planChanged.push(async (change) => {
    await startPeriod(withDb(deps, change.db), change.userId, change.plan, change.ref, change.reason);
  });
  app.addHook('onClose', () => deps.jobs.stop());
  app.addHook('onClose', () => deps.pdf.close());
  app.addHook('onClose', () => deps.documentReader.close());
  app.addHook('onClose', () => deps.documentRenderer.close());
  app.addHook('onClose', () => deps.documentFiles.close());
  app.addHook('onClose', () => deps.limits.close());
  app.addHook('onClose', () => deps.events.close());
  app.addHook('onClose', () => deps.errorReporter.close());
  // Replies are written under this instance's lease; on close they get the drain time to finish.
  app.addHook('onReady', () => startReplyWriter(deps, app.log));
  let draining: Promise<void> | undefined;
  app.addHook('preClose', (done) => {
    draining = drainReplies(deps, deps.config.shutdownDrainMs);
    done();
  });
  app.addHook('onClose', async () => {
    await draining;
    await stopReplyWriter(deps);
  });
  // Every background job, from one list: each module says what it runs (its jobs.ts).
  for (const jobsOf of [
    assistantJobs,
    chatsJobs,
    complianceJobs,
    creditsJobs,
    meetingsJobs,
    meetingBotJobs,
    newslettersJobs,
  ])
    for (const job of jobsOf(deps, app.log)) deps.jobs.add(job);
  deps.jobs.add({
    name: 'rate-limits.clear-expired',
    everyMs: 60 * 60_000,
    run: () => clearExpiredLimits(deps.db),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate(
    'requireUser',
    requireUser(deps, (claims) => resolveSessionUser(deps, claims)),
  );
  app.decorateRequest('auth', null);
  registerErrorHandler(app, deps.errorReporter);
  guardRequestText(app);

  useSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Nothing the page shows comes from another origin: Markdown shows only our own images,
        // the profile image is a data: URL of bytes our server fetched. A prompt-injected image
        // URL would otherwise carry data out as the reply renders.
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' also matches ws:/wss: to our own host and port (CSP 3; Chromium does), which is
        // the notetaker's socket. Provider sign-in is finished by the server: the page never
        // talks to an identity provider.
        // With SENTRY_DSN, the web app sends its error reports to the DSN's origin.
        connectSrc: ["'self'", ...errorReportingOrigins(deps.config.errorReporting)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The PDF preview on advanced planning frames a blob: URL of the PDF.
        frameSrc: ["'self'", 'blob:'],
        // Only the host pages configured for the widget may frame the app.
        frameAncestors: ["'self'", ...deps.config.widgetAllowedOrigins],
      },
    },
    crossOriginEmbedderPolicy: false,
    // CSP frame-ancestors alone decides who may frame the app: X-Frame-Options SAMEORIGIN beside it
    // would refuse the widget's host pages.
    xFrameOptions: false,
    // Connect and sign-in popups go through other origins and report back to their opener
    // (platform/web.ts leaves the header off their redirects and the pages they land on).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  await app.register(cookie);
  await registerPressure(app, {
    maxEventLoopDelayMs: deps.config.shedEventLoopDelayMs,
    maxEventLoopUtilization: deps.config.shedEventLoopUtilization,
  });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(chatRoutes);
  await app.register(creditRoutes);
  await app.register(billingRoutes);
  await app.register(auditRoutes);
  await app.register(adminRoutes);
  await app.register(complianceRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(assistantRoutes);
  await app.register(toolRoutes);
  await app.register(connectionRoutes);
  await app.register(connectionBrowserRoutes);
  await app.register(vendorRoutes);
  await app.register(meetingRoutes);
  await app.register(meetingBotRoutes);
  await app.register(knapRoutes);
  await app.register(pdfRoutes);
  await app.register(clientReviewRoutes);
  await app.register(newsletterRoutes);
  await app.register(financialPlanRoutes);
  await app.register(firstImpressionsRoutes);
  await app.register(libraryRoutes);
  await app.register(onboardingRoutes);
  await app.register(emailRoutes);
  await app.register(documentRoutes);
  await registerWebApp(app, deps.config.webDist, {
    widgetOrigins: deps.config.widgetAllowedOrigins,
    errorReporting: deps.errorReporter.webSettings,
  });
  return app;
}
