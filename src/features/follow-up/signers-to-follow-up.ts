import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { SigningLinkPurpose } from '../../db/schema.js';
import type { LinkMailContract } from '../esign/link-mail.js';
import { mailSignerLink } from '../esign/signer-invitation.js';
import type { MailSealer } from '../mail/body-seal.js';
import type { SigningRequestVariant } from '../mail/templates/index.js';
import { listSigners, type SignerRow } from '../signers/signers.repo.js';

/**
 * Whom a contract's follow-up reaches (issue 37): a reminder or a new link goes to every signer
 * who was sent a link and has not signed, never to one who signed, nor to one still waiting for
 * their turn in order (they have no link yet, and get theirs when the one before signs).
 */
export async function signersAwaitingSignature(
  db: DbOrTrx,
  contractId: number,
): Promise<SignerRow[]> {
  return (await listSigners(db, contractId)).filter(
    (signer) => signer.invited_at !== null && signer.signed_at === null && !signer.declined_at,
  );
}

/** Who holds a link of the contract and hears that it was withdrawn: every signer invited. */
export async function signersWithLinks(db: DbOrTrx, contractId: number): Promise<SignerRow[]> {
  return (await listSigners(db, contractId)).filter((signer) => signer.invited_at !== null);
}

/** How the trail and the answers name a signer a mail went to. */
export function recipientOf(signer: Pick<SignerRow, 'id' | 'name' | 'email'>) {
  return { id: signer.id, name: signer.name, email: signer.email };
}
export type Recipient = ReturnType<typeof recipientOf>;

/**
 * A reminder's signers have it: their count and the time of the last one, which their row on the
 * contract's page shows. The contract keeps its own schedule (one per contract).
 */
export async function countReminder(
  trx: DbOrTrx,
  signers: readonly Pick<SignerRow, 'id'>[],
  at: string,
): Promise<void> {
  if (signers.length === 0) return;
  await trx
    .updateTable('contract_signers')
    .set((eb) => ({ reminders_sent: eb('reminders_sent', '+', 1), last_reminder_at: at }))
    .where(
      'id',
      'in',
      signers.map((signer) => signer.id),
    )
    .execute();
}

/**
 * Mails each signer a new link of their own, in their language (a reminder or a new link), and
 * answers the links made, in the signers' order. False in `queued` when a mail with the same
 * dedupe key was already queued, so the caller can roll everything back.
 */
export async function mailEachSigner(
  trx: DbOrTrx,
  deps: { config: Config; mailSealer: MailSealer },
  input: {
    contract: LinkMailContract;
    signers: readonly SignerRow[];
    expiresAt: string;
    purpose: SigningLinkPurpose;
    variant: SigningRequestVariant;
    reminder?: number;
    /** Per signer, when each mail may be queued only once (an automatic reminder). */
    dedupeKeyOf?: (signer: SignerRow) => string;
  },
  now: Date,
): Promise<{ linkIds: number[]; queued: boolean }> {
  const linkIds: number[] = [];
  let queued = true;
  for (const signer of input.signers) {
    const sent = await mailSignerLink(
      trx,
      deps,
      {
        contract: input.contract,
        signer,
        expiresAt: input.expiresAt,
        purpose: input.purpose,
        variant: input.variant,
        ...(input.reminder === undefined ? {} : { reminder: input.reminder }),
        ...(input.dedupeKeyOf ? { dedupeKey: input.dedupeKeyOf(signer) } : {}),
      },
      now,
    );
    linkIds.push(sent.linkId);
    queued &&= sent.queued;
  }
  return { linkIds, queued };
}
