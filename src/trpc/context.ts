import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Config } from '../config.js';
import type { DB } from '../db/kysely.js';
import type { SignInClock } from '../features/auth/sign-in-throttle.js';
import type { MailSealer } from '../features/mail/body-seal.js';
import type { PdfRenderer } from '../features/documents/pdf-renderer.js';
import type { ScopeCleaner } from '../features/scope/scope.service.js';
import { readRequestContext } from '../features/sessions/request-context.js';

export interface AppDeps {
  db: DB;
  config: Config;
  scopeCleaner: ScopeCleaner;
  /** True when Chromium can print executed copies; otherwise signed copies go out as HTML. */
  pdfAvailable: boolean;
  /** Chromium, when this process prints PDFs: page limits are checked at save and send. */
  renderer: PdfRenderer | null;
  /** Seals queued mail bodies with the data folder's key (docs/decisions/017). */
  mailSealer: MailSealer;
  /** Time for sign-in throttling; tests move it instead of sleeping. */
  signInClock?: SignInClock;
  /** Time for sending, expiry, reminders and the signing page; tests move it. */
  clock: () => Date;
}

export async function createContext(deps: AppDeps, { req, res }: CreateFastifyContextOptions) {
  return { ...deps, req, res, ...(await readRequestContext(req, res, deps)) };
}

export type Context = Awaited<ReturnType<typeof createContext>>;
