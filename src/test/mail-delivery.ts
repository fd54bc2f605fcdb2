import { mailSealerForDataDir } from '../features/mail/body-seal.js';
import { startMailWorker } from '../features/mail/mail-worker.js';
import { createMailTransport } from '../features/mail/transport.js';
import type { ReceivedMail } from './smtp-sink.js';
import type { TestApp } from './test-app.js';

/**
 * Sends every queued mail through the app's own transport (SMTP_URL, or the file drop), with the
 * real worker; resolves with how many went.
 */
export async function deliverQueuedMail(t: TestApp): Promise<number> {
  const log = { info: () => undefined, warn: () => undefined };
  const transport = createMailTransport(t.config, log);
  const worker = startMailWorker({
    db: t.db,
    transport,
    log,
    sealer: mailSealerForDataDir(t.dir),
    pollMs: 60_000,
    batchSize: 100,
  });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
    transport.close();
  }
}

/** A received mail's From, Reply-To and envelope sender, as a mail program reads them. */
export function sentAs(mail: ReceivedMail) {
  return {
    from: mail.parsed.from?.value ?? [],
    replyTo: mail.parsed.replyTo?.value ?? [],
    envelopeFrom: mail.envelope.from,
  };
}
