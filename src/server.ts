import { buildApp } from './app/build-app.js';
import { ConfigError, type Config } from './config.js';
import { openDatabase } from './db/kysely.js';
import { migrateSafely } from './db/safe-migrate.js';
import { startDocumentWorker } from './features/documents/document-worker.js';
import { startFollowUpWorker } from './features/follow-up/follow-up-worker.js';
import { createPdfRenderer } from './features/documents/pdf-renderer.js';
import { loadSealSettings, type SealSettings } from './features/documents/seal-settings.js';
import { mailSealerFor } from './features/mail/body-seal.js';
import { checkSharedSealKey } from './features/mail/shared-seal-key.js';
import { startMailWorker } from './features/mail/mail-worker.js';
import { startWebhookWorker } from './features/webhooks/webhook-worker.js';
import { createMailTransport } from './features/mail/transport.js';
import { describeOllama } from './features/scope/ollama-cleaner.js';
import { appVersion } from './lib/app-version.js';
import { registerGracefulStop } from './lib/graceful-stop.js';
import { withTicksRecordedBy } from './lib/polling.js';
import { createWorkerMonitor } from './lib/worker-ticks.js';
import { startMaintenance } from './maintenance.js';

/** Starts TradeSign: configuration, database, migrations, HTTP, and a clean stop on signals. */
export async function startServer(config: Config) {
  const seal = sealSettingsOrRefuse(config);
  const {
    db,
    engine,
    target: database,
  } = await openDatabase(config, {
    warn: (details, message) => console.warn(message, details),
  });
  // Before anything changes, an existing SQLite database is backed up next to itself (issue 21).
  await migrateSafely({ db, engine, target: database }, { log: (line) => console.log(line) });
  const mailSealer = mailSealerFor(config);
  await checkSharedSealKey(db, engine, mailSealer, { warn: (message) => console.warn(message) });
  const renderer = createPdfRenderer({
    chromiumPath: config.CHROMIUM_PATH,
    ...(config.PDF_CONCURRENCY === undefined ? {} : { concurrency: config.PDF_CONCURRENCY }),
    log: { warn: (_details, message) => console.warn(message) },
  });
  // Each worker's poller reports its ticks here; /readyz reads them (issue 33).
  const workers = createWorkerMonitor();
  const app = await buildApp({
    config,
    db,
    pdfAvailable: renderer.available,
    renderer,
    mailSealer,
    workers,
  });
  const stopMaintenance = startMaintenance(db, app.log);
  // Executed copies are printed and sealed in this process, off the request path (docs/decisions/010).
  const documentWorker = renderer.available
    ? withTicksRecordedBy(workers.recorderFor('documents'), () =>
        startDocumentWorker({
          db,
          renderer,
          publicUrl: config.PUBLIC_URL,
          log: app.log,
          mailSealer,
          seal,
          leaseMs: config.WORK_LEASE_SECONDS * 1000,
        }),
      )
    : null;
  if (!documentWorker) {
    workers.off('documents', `no Chromium at ${config.CHROMIUM_PATH}: signed copies go as HTML`);
  }
  // Mail goes out from the outbox in this process; requests only ever queue it (docs/decisions/009).
  const mailWorker = withTicksRecordedBy(workers.recorderFor('mail'), () =>
    startMailWorker({
      db,
      transport: createMailTransport(config, app.log),
      log: app.log,
      sealer: mailSealer,
      leaseMs: config.WORK_LEASE_SECONDS * 1000,
    }),
  );
  // Webhooks go out from their queue in this process; events only ever queue them
  // (docs/decisions/025).
  const webhookWorker = withTicksRecordedBy(workers.recorderFor('webhooks'), () =>
    startWebhookWorker({
      db,
      sealer: mailSealer,
      log: app.log,
      publicUrl: config.PUBLIC_URL,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      leaseMs: config.WORK_LEASE_SECONDS * 1000,
      concurrency: config.WEBHOOK_CONCURRENCY,
      connectTimeoutMs: config.WEBHOOK_CONNECT_TIMEOUT_SECONDS * 1000,
    }),
  );
  // Expiry and automatic reminders follow the clock, in this process (docs/decisions/022).
  const followUpWorker = withTicksRecordedBy(workers.recorderFor('follow-up'), () =>
    startFollowUpWorker({
      db,
      config,
      mailSealer,
      clock: () => new Date(),
      log: app.log,
    }),
  );
  app.addHook('onClose', async () => {
    // Each step runs even if one before it fails: the database must always be closed cleanly.
    try {
      stopMaintenance();
      await followUpWorker.stop();
      await documentWorker?.stop();
      await renderer.close();
      // Together: the worker's stop ends its batch after the mail being sent.
      await mailWorker.stop();
      await webhookWorker.stop();
    } finally {
      await db.destroy();
      app.log.info('workers stopped, database closed');
    }
  });
  const graceful = registerGracefulStop(app, { drainMs: config.SHUTDOWN_DRAIN_MS });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`TradeSign ${appVersion} is ready at ${config.PUBLIC_URL} (database ${database})`);
  // Tell the owner up front whether cleanup will use the model; never delays the start.
  void describeOllama({
    host: config.OLLAMA_HOST,
    model: config.OLLAMA_MODEL,
    timeoutMs: config.OLLAMA_TIMEOUT_MS,
  }).then((status) => app.log.info(status));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now on, so a load balancer moves visitors away during the drain.
    workers.stopping(signal);
    // A stuck request must not keep the process alive forever.
    const forceExit = setTimeout(() => process.exit(1), config.SHUTDOWN_DRAIN_MS + 10_000);
    forceExit.unref();
    graceful.stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return app;
}

/**
 * The seal's own certificate and timestamp authority, checked before anything starts: a broken
 * certificate stops the server with one line saying what is wrong (issue 39), rather than failing
 * every signed contract's copy later. Warnings (a certificate that expires within 30 days, a
 * missing chain) are printed and the server starts.
 */
function sealSettingsOrRefuse(config: Config): SealSettings {
  const checked = loadSealSettings(config, new Date());
  const refusal = checked.problems.find((problem) => problem.level === 'fail');
  if (!checked.settings || refusal) {
    throw new ConfigError([refusal?.message ?? 'the seal certificate cannot be used']);
  }
  for (const problem of checked.problems) console.warn(`${problem.message}: ${problem.fix}`);
  return checked.settings;
}
