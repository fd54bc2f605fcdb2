import { rescheduleReminders } from '../features/follow-up/reminders.service.js';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DB } from '../db/kysely.js';
import { COMPRESS_FROM_BYTES, ON_THE_FLY_BROTLI } from '../lib/compression.js';
import { registerErrorHandler } from '../lib/error-handler.js';
import { registerOpenApi } from './openapi.js';
import { registerWebhookRoutes } from '../features/webhooks/webhooks.routes.js';
import { httpServerOptions, capConnections } from '../lib/http-limits.js';
import { registerJsonBodyParser } from '../lib/json-body.js';
import { trackRoutes } from '../lib/route-registry.js';
import { createScopeCleaner, type ScopeCleaner } from '../features/scope/scope.service.js';
import { loggerOptions } from '../lib/logger.js';
import { registerOriginCheck, registerSecurityHeaders } from '../lib/security.js';
import { registerWebApp } from '../lib/web-app.js';
import { createWorkerMonitor, type WorkerMonitor } from '../lib/worker-ticks.js';
import { registerOpsRoutes } from '../features/ops/ops.routes.js';
import { registerSigningPage } from '../features/esign/signing-page/signing-page.routes.js';
import { registerAcceptanceRoutes } from '../features/acceptances/acceptances.routes.js';
import { registerAuthRoutes } from '../features/auth/auth.routes.js';
import { registerSecurityLogRoutes } from '../features/security-log/security-log.routes.js';
import { registerPasswordRoutes } from '../features/passwords/passwords.routes.js';
import { registerAccountSessionRoutes } from '../features/signed-in-devices/account-sessions.routes.js';
import { registerTwoFactorRoutes } from '../features/two-factor/two-factor.routes.js';
import { registerAccountEmailRoutes } from '../features/account-email/account-email.routes.js';
import { registerContractRoutes } from '../features/contracts/contracts.routes.js';
import { registerSendRoutes } from '../features/sending/send.routes.js';
import { registerDocumentRoutes } from '../features/documents/documents.routes.js';
import { registerEsignRoutes } from '../features/esign/esign.routes.js';
import { registerFollowUpRoutes } from '../features/follow-up/follow-up.routes.js';
import { registerLogoRoutes } from '../features/prefs/logo.routes.js';
import { registerPrefsRoutes } from '../features/prefs/prefs.routes.js';
import { registerScopeRoutes } from '../features/scope/scope.routes.js';
import { registerTemplateRoutes } from '../features/templates/templates.routes.js';
import { registerApiKeyRoutes } from '../features/api-keys/api-keys.routes.js';
import { registerVerifyRoutes } from '../features/verify/verify.routes.js';
import { registerTrpcRoutes } from './trpc-routes.js';
// Issue 35: the team.
import { registerTeamRoutes } from '../features/team/team.routes.js';
// Issue 36: getting paid.
import { registerPaymentRoutes } from '../features/payments/payments.routes.js';
// Issue 36, later stages: "Request payment", the emailed link and its page.
import { registerPaymentRequestRoutes } from '../features/payment-requests/payment-requests.routes.js';
// Issue 38: change orders.
import { registerChangeOrderRoutes } from '../features/change-orders/change-orders.routes.js';
import type { SignInClock } from '../features/credentials/sign-in-throttle.js';
import type { PdfRenderer } from '../features/documents/pdf-renderer.js';
import { mailSealerFor, type MailSealer } from '../features/mail/body-seal.js';

export interface BuildAppOptions {
  config: Config;
  db: DB;
  /** pino level, or 'silent' (tests). */
  logLevel?: string;
  /** Where log lines go; standard output by default. */
  logStream?: { write(line: string): void };
  /** Folder of the built web app; defaults to web/dist. */
  webDistDir?: string;
  /** Scope cleanup; defaults to Ollama per configuration with the rules engine as fallback. */
  scopeCleaner?: ScopeCleaner;
  /** Whether a PDF renderer runs in this process (the server's document worker); default no. */
  pdfAvailable?: boolean;
  /** The server's PDF renderer, so templates and contracts are held to the page limit. */
  renderer?: PdfRenderer;
  /** Seals queued mail bodies; by default with the key file in DATA_DIR (docs/decisions/017). */
  mailSealer?: MailSealer;
  /** Time for sign-in throttling; tests move it. */
  signInClock?: SignInClock;
  /** Time for sending, expiry, reminders and the signing page; tests move it. */
  clock?: () => Date;
  /** The workers' ticks, for /readyz; the server's workers report to it. None: not ready. */
  workers?: WorkerMonitor;
}

/** Builds the whole HTTP app without listening: the server and the tests share it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const scopeCleaner =
    options.scopeCleaner ??
    createScopeCleaner(
      {
        host: config.OLLAMA_HOST,
        model: config.OLLAMA_MODEL,
        timeoutMs: config.OLLAMA_TIMEOUT_MS,
      },
      { clock },
    );
  const deps = {
    config,
    db,
    scopeCleaner,
    pdfAvailable: options.pdfAvailable ?? false,
    renderer: options.renderer ?? null,
    mailSealer: options.mailSealer ?? mailSealerFor(config),
    ...(options.signInClock ? { signInClock: options.signInClock } : {}),
    clock,
    rescheduleReminders,
  };
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    // Batched tRPC calls put every procedure name in the path.
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy on the same machine (Caddy, nginx: the usual way to get https), the
    // client's address comes from X-Forwarded-For. Only a loopback peer (or the proxies listed in
    // TRUSTED_PROXIES) is believed, so a remote client cannot spoof its address to dodge limits.
    trustProxy: config.TRUSTED_PROXIES,
    // Deadlines for headers, whole requests and idle keep-alive connections (issue 15).
    ...httpServerOptions(config),
  });
  capConnections(app, config.HTTP_MAX_CONNECTIONS);
  trackRoutes(app);

  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app, config);
  registerOriginCheck(app, config);
  // API answers (a contracts list, a signing page's document) are well under 64 KB: compressing
  // them in one call costs about 0.05 ms, a zlib stream per response ten times that. The plugin's
  // default (8 KB on 2 cores) suits hosts with idle cores; a small VPS has none (docs/decisions/012).
  await app.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    syncThreshold: 65_536,
    brotliOptions: ON_THE_FLY_BROTLI,
  });
  await app.register(cookie);
  // Before the other routes: its request metrics see each of them.
  registerOpsRoutes(app, { ...deps, workers: options.workers ?? createWorkerMonitor() });
  // Before the routes: it documents each one as it is added.
  await registerOpenApi(app, config);

  await registerTrpcRoutes(app, deps);

  registerAuthRoutes(app, deps);
  registerSecurityLogRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerAccountSessionRoutes(app, deps);
  registerTwoFactorRoutes(app, deps);
  registerAccountEmailRoutes(app, deps);
  registerPrefsRoutes(app, deps);
  await registerLogoRoutes(app, deps);
  registerTemplateRoutes(app, deps);
  registerAcceptanceRoutes(app, deps);
  registerScopeRoutes(app, deps);
  registerContractRoutes(app, deps);
  registerSendRoutes(app, deps);
  registerFollowUpRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerPaymentRequestRoutes(app, deps, options.webDistDir);
  registerChangeOrderRoutes(app, deps);
  registerEsignRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  registerVerifyRoutes(app, deps);
  await registerSigningPage(app, deps, options.webDistDir);
  await registerWebApp(app, options.webDistDir);
  return app;
}
