import { parseEventDetails } from '../../domain/contract-event-lines.js';
import { isSignersEvent } from '../../domain/signer-events.js';
import { consentNoticeRecord, type ConsentNoticeRecord } from './consent-notice-record.js';

/** One notice the clients accepted, and who accepted it (their names, in signing order). */
export interface ConsentNoticeGroup {
  record: ConsentNoticeRecord;
  acceptedBy: string[];
}

/** Two records are one notice when they print the same: the same text, or the same gap. */
function noticeKey(record: ConsentNoticeRecord): string {
  switch (record.kind) {
    case 'shown':
      return `shown:${record.sha256}`;
    case 'older':
      return `older:${record.notice.version}:${record.notice.language}`;
    case 'mismatch':
      return `mismatch:${record.recordedSha256}`;
    case 'not_recorded':
      return 'not_recorded';
  }
}

/**
 * The ESIGN notices a contract's clients accepted (issue 37): each signer's last consent, and each
 * distinct notice once (by its hash), so two owners who read the same notice get one appendix.
 * A contract without signer rows prints its last consent, as before.
 */
export function consentNoticeGroups(
  events: readonly { type: string; details?: string | null }[],
  signers: readonly { id: number; position: number; name: string }[],
): ConsentNoticeGroup[] {
  const consents = events
    .filter((event) => event.type === 'consented')
    .map((event) => parseEventDetails(event.details));
  if (signers.length === 0) {
    return [{ record: consentNoticeRecord(consents.at(-1) ?? null), acceptedBy: [] }];
  }
  const groups = new Map<string, ConsentNoticeGroup>();
  for (const signer of signers) {
    const theirs = consents.filter((details) => isSignersEvent(details, signer)).at(-1);
    const record = consentNoticeRecord(theirs ?? null);
    const key = noticeKey(record);
    const group = groups.get(key) ?? { record, acceptedBy: [] };
    group.acceptedBy.push(signer.name);
    groups.set(key, group);
  }
  return [...groups.values()];
}
