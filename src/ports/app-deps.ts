import type { Config } from '../config.js';
import type { DB, DbOrTrx } from '../db/kysely.js';
import type { Prefs } from '../domain/prefs.schemas.js';
import type { CompanyId } from '../domain/team.js';
import type { MailSealer } from './mail-sealer.js';
import type { PdfRenderer } from './pdf-renderer.js';
import type { ScopeCleaner } from './scope-cleaner.js';
import type { SignInClock } from './sign-in-clock.js';

/**
 * What the app hands every feature's routes and procedures. src/ports holds the shapes of the
 * parts (the mail sealer, the renderer, the scope cleaner, the clocks) so that the transports'
 * plumbing (src/trpc, src/rest) can name them without importing a feature; the features make
 * them, and src/app puts them together (docs/architecture.md).
 */
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
  /**
   * Moves the automatic reminders of a company's contracts awaiting signature to its new
   * reminder settings, in the settings' transaction. The follow-up feature does it; Settings
   * calls it through here, so the settings need not know the follow-up feature.
   */
  rescheduleReminders: (trx: DbOrTrx, companyId: CompanyId, prefs: Prefs) => Promise<void>;
}
