// buildApp(deps): the whole HTTP app as a function, used by main.ts and by every test.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import cookie from '@fastify/cookie';
import { MAX_JSON_BODY_BYTES } from '@knap/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type onRequestAsyncHookHandler,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { DEMO_SCRIPT } from './demo-script.js';
import { adminRoutes } from './modules/admin/routes.js';
import { assistantRoutes } from './modules/assistant/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/routes.js';
import { chatRoutes } from './modules/chats/routes.js';
import { clientReviewRoutes } from './modules/client-reviews/routes.js';
import { complianceRoutes } from './modules/compliance/routes.js';
import { forgetIntegrations } from './modules/connections/oauth-service.js';
import { connectionBrowserRoutes, connectionRoutes } from './modules/connections/routes.js';
import { vendorRoutes } from './modules/connections/vendor-routes.js';
import { creditRoutes } from './modules/credits/routes.js';
import { emailRoutes } from './modules/email/routes.js';
import { financialPlanRoutes } from './modules/financial-plans/routes.js';
import { firstImpressionsRoutes } from './modules/first-impressions/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { knapRoutes } from './modules/knaps/routes.js';
import { libraryRoutes } from './modules/library/routes.js';
import { meetingBotRoutes } from './modules/meeting-bot/routes.js';
import { meetingRoutes } from './modules/meetings/routes.js';
import { newsletterRoutes } from './modules/newsletters/routes.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { createPdfRenderer, type PdfRenderer } from './modules/pdf/renderer.js';
import { pdfRoutes } from './modules/pdf/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { resolveSessionUser } from './modules/users/service.js';
import { type Analytics, createAnalytics } from './platform/analytics.js';
import { requireUser } from './platform/auth.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Db } from './platform/db/index.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './platform/errors.js';
import { closeEvents, redisBus, useEvents } from './platform/events.js';
import { type AppHooks, emptyHooks } from './platform/hooks.js';
import { inProcessScheduler, type Scheduler } from './platform/jobs.js';
import { bullmqScheduler } from './platform/jobs-bullmq.js';
import { createLanguageModel } from './platform/llm/index.js';
import { type LogStream, loggerOptions } from './platform/logging.js';
import { clearExpiredLimits, createRateLimits, type RateLimits } from './platform/rate-limits.js';
import { guardRequestText } from './platform/request-text.js';
import { useSecurityHeaders } from './platform/security-headers.js';
import { registerWebApp } from './platform/web.js';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jobs: Scheduler;
  llm: LanguageModelV3;
  analytics: Analytics;
  /** Per-user and per-address limits, shared by every instance (platform/rate-limits.ts). */
  limits: RateLimits;
  hooks: AppHooks;
  /** The PDF worker pool: every PDF is rendered in it, off the event loop. */
  pdf: PdfRenderer;
  /** Replies this app is writing, by chat: Stop aborts them (another instance's hear it on the bus). */
  runningReplies: Map<string, AbortController>;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /**
     * onRequest hook of every signed-in route: sets request.auth or answers 401 before the body is
     * read or anything validated, so an anonymous request learns nothing of a route's schema.
     */
    requireUser: onRequestAsyncHookHandler;
  }
}

export interface BuildAppOptions
  extends Omit<
    AppDeps,
    'clock' | 'jobs' | 'llm' | 'analytics' | 'limits' | 'hooks' | 'pdf' | 'runningReplies'
  > {
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

  const deps: AppDeps = {
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
          })
        : inProcessScheduler(app.log)),
    llm: options.llm ?? createLanguageModel(options.config.llm, { demoScript: DEMO_SCRIPT }),
    analytics: createAnalytics(options.config.analytics, app.log),
    limits: createRateLimits(options.config, options.db, app.log),
    hooks: emptyHooks(),
    pdf: options.pdf ?? createPdfRenderer({ ...options.config.pdf, log: app.log }),
    runningReplies: new Map(),
  };
  deps.hooks.accountClaimed.push((userId) => forgetIntegrations(deps, userId));
  app.addHook('onClose', () => deps.jobs.stop());
  app.addHook('onClose', () => deps.pdf.close());
  app.addHook('onClose', () => deps.limits.close());
  deps.jobs.add({
    name: 'rate-limits.clear-expired',
    everyMs: 60 * 60_000,
    run: () => clearExpiredLimits(deps.db),
  });
  // With REDIS_URL, pushes to users' sockets reach every instance (platform/events.ts).
  if (options.config.redisUrl) useEvents(deps, redisBus(options.config.redisUrl, app.log));
  app.addHook('onClose', () => closeEvents(deps));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate(
    'requireUser',
    requireUser(deps, (claims) => resolveSessionUser(deps, claims)),
  );
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
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
        connectSrc: ["'self'"],
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
  await registerWebApp(app, deps.config.webDist, { widgetOrigins: deps.config.widgetAllowedOrigins });
  return app;
}
