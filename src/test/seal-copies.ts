import { startDocumentWorker } from '../features/documents/document-worker.js';
import type { PdfRenderer } from '../features/documents/pdf-renderer.js';
import type { SealSettings } from '../features/documents/seal-settings.js';
import { mailSealerForDataDir } from '../features/mail/body-seal.js';
import type { TestApp } from './test-app.js';

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * Seals every copy waiting, as the server's document worker does (a fresh worker, one pass), and
 * answers how many it sealed.
 */
export async function sealWaitingCopies(
  t: TestApp,
  renderer: PdfRenderer,
  options: { publicUrl: string; now?: () => Date; seal?: SealSettings },
): Promise<number> {
  const worker = startDocumentWorker({
    db: t.db,
    renderer,
    publicUrl: options.publicUrl,
    log: quiet,
    pollMs: 60_000,
    mailSealer: mailSealerForDataDir(t.dir),
    ...(options.now ? { now: options.now } : {}),
    ...(options.seal ? { seal: options.seal } : {}),
  });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}
