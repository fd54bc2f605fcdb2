import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { SigningLinkPurpose } from '../../db/schema.js';
import type { SigningRequestVariant } from '../mail/templates/index.js';
import type { MailSealer } from '../mail/body-seal.js';
import { markInvited, type SignerRow } from '../signers/signers.repo.js';
import { forSigner, queueSigningLinkMail, type LinkMailContract } from './link-mail.js';
import { createSigningLink } from './signing-links.js';

/**
 * Mails one signer a link of their own (issue 37): the first request, their turn in order, a
 * reminder or a new link. Their first link marks them invited.
 */
export async function mailSignerLink(
  trx: DbOrTrx,
  deps: { config: Config; mailSealer: MailSealer },
  input: {
    contract: LinkMailContract;
    signer: Pick<SignerRow, 'id' | 'name' | 'email' | 'language'>;
    expiresAt: string;
    purpose: SigningLinkPurpose;
    variant: SigningRequestVariant;
    reminder?: number;
    dedupeKey?: string;
  },
  now: Date,
): Promise<{ linkId: number; queued: boolean }> {
  const link = await createSigningLink(
    trx,
    input.contract.id,
    {
      expiresAt: input.expiresAt,
      purpose: input.purpose,
      signerId: input.signer.id,
      ...(input.reminder === undefined ? {} : { reminder: input.reminder }),
    },
    now,
  );
  const queued = await queueSigningLinkMail(trx, deps, {
    contract: forSigner(input.contract, input.signer),
    token: link.token,
    expiresAt: input.expiresAt,
    variant: input.variant,
    ...(input.dedupeKey === undefined ? {} : { dedupeKey: input.dedupeKey }),
  });
  await markInvited(trx, input.signer.id, now.toISOString());
  return { linkId: link.id, queued };
}
