import type { DbOrTrx } from '../../db/kysely.js';
import { sharedConsentNotice } from '../../domain/esign-consent/notice-cache.js';
import {
  ESIGN_CONSENT_VERSION,
  type ConsentFacts,
  type ConsentNotice,
} from '../../domain/esign-consent/notice.js';
import type { Language } from '../../domain/i18n/languages.js';
import { readConsentFacts, type NoticeContract } from './consent.js';
import { noticeSha256 } from '../consent-record/notice-hash.js';

/** The hash of each shared notice, made once: a notice's words never change (it is frozen). */
const hashes = new WeakMap<ConsentNotice, string>();

/**
 * The notice a signing page shows, as `currentNotice` (consent.ts) gives it, for the page and
 * its data call: the facts are read at every view, so a changed fee or phone shows at once, and
 * the words and their SHA-256 are built once per distinct version, language and facts rather
 * than at every view (issue 33). Signing still checks against `currentNotice` itself.
 */
export async function noticeShown(
  db: DbOrTrx,
  contract: NoticeContract,
  language: Language,
): Promise<{ notice: ConsentNotice; facts: ConsentFacts; sha256: string }> {
  const facts = await readConsentFacts(db, contract);
  const notice = sharedConsentNotice(ESIGN_CONSENT_VERSION, language, facts);
  let sha256 = hashes.get(notice);
  if (sha256 === undefined) hashes.set(notice, (sha256 = noticeSha256(notice)));
  return { notice, facts, sha256 };
}
