import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { Language } from '../../domain/i18n/languages.js';
import type { SigningOrder } from '../../domain/signers.js';
import type { LinkMailContract } from '../esign/link-mail.js';
import { mailSignerLink } from '../esign/signer-invitation.js';
import type { MailSealer } from '../mail/body-seal.js';
import { insertSigners } from '../signers/signers.repo.js';

/**
 * The signers of a document being sent, made and mailed their links in the send's transaction
 * (issue 37): a contract's, or a change order's, who are its contract's (issue 38). Together,
 * everyone is mailed now; in order, the first, and each next one when the one before signs
 * (src/features/esign/esign.service.ts).
 */
export async function inviteSigners(
  trx: DbOrTrx,
  deps: { config: Config; mailSealer: MailSealer },
  input: {
    contractId: number;
    people: readonly { name: string; email: string; phone: string | null; language?: Language }[];
    language: Language;
    order: SigningOrder;
    expiresAt: string;
    now: Date;
    linkContract: LinkMailContract;
  },
): Promise<void> {
  const rows = await insertSigners(trx, input.contractId, input.people, input.language);
  const invitedNow = input.order === 'in_order' ? rows.slice(0, 1) : rows;
  for (const signer of invitedNow) {
    await mailSignerLink(
      trx,
      deps,
      {
        contract: input.linkContract,
        signer,
        expiresAt: input.expiresAt,
        purpose: 'request',
        variant: 'request',
      },
      input.now,
    );
  }
}
