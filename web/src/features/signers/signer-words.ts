import { listNames } from '@domain/i18n/en/lists';
import type { ContractSigner, ContractSummary } from '@domain/contracts.schemas';
import type { SignerStatus } from '@domain/signers';
import { formatDateTime, openingsText } from '../contracts/follow-up-format';

/** What a signer's badge says on the contract's page (issue 37). */
export const SIGNER_BADGE = {
  waiting: 'Waiting for their turn',
  sent: 'Sent',
  viewed: 'Opened',
  signed: 'Signed',
  declined: 'Declined',
} as const satisfies Record<SignerStatus, string>;

export const SIGNER_BADGE_COLOR = {
  waiting: 'gray',
  sent: 'yellow',
  viewed: 'blue',
  signed: 'green',
  declined: 'red',
} as const satisfies Record<SignerStatus, string>;

/** "2 reminders, last Dec 3, 2026, 8:05 AM"; while still to sign, "No reminder yet". */
function remindersText(signer: ContractSigner): string | null {
  const count = signer.reminders_sent;
  if (count === 0) {
    return signer.status === 'sent' || signer.status === 'viewed' ? 'No reminder yet' : null;
  }
  const times = count === 1 ? '1 reminder' : `${count} reminders`;
  return signer.last_reminder_at
    ? `${times}, last ${formatDateTime(signer.last_reminder_at)}`
    : times;
}

/** The lines under a signer's name: when they signed or declined, their openings, reminders. */
export function signerLines(signer: ContractSigner): string[] {
  const lines: string[] = [];
  if (signer.signed_at) lines.push(`Signed ${formatDateTime(signer.signed_at)}`);
  if (signer.declined_at) lines.push(`Declined ${formatDateTime(signer.declined_at)}`);
  if (signer.status === 'waiting') {
    lines.push('Gets their link once the signer before them signs');
    return lines;
  }
  lines.push(openingsText({ count: signer.view_count, last_at: signer.last_viewed_at }));
  const reminders = remindersText(signer);
  if (reminders) lines.push(reminders);
  return lines;
}

/** The card's "1 of 2 signed": a sent or expired contract with more than one signer. */
export function cardSignersText(card: Pick<ContractSummary, 'status' | 'signers'>): string | null {
  if (card.status !== 'sent' && card.status !== 'expired') return null;
  if (card.signers.total < 2) return null;
  return `${card.signers.signed} of ${card.signers.total} signed`;
}

/** "Jordan Rivera and Alex Rivera": whom a reminder or a new link went to; null for nobody. */
export function namesOf(people: readonly { name: string }[]): string | null {
  return people.length === 0 ? null : listNames(people.map((person) => person.name));
}
