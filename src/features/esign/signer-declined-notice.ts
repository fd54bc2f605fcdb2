import type { DbOrTrx } from '../../db/kysely.js';
import { loadChangeOrderFacts } from '../contracts/change-order-facts.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderSignerDeclinedMail } from '../mail/templates/index.js';
import { listSigners } from '../signers/signers.repo.js';
import { loadLinkMailContract, mailCompanyOf } from './link-mail.js';
import type { EsignDeps } from './signing-link-resolution.js';

/**
 * Mails every other signer who was sent a link, those who signed too, that one of them declined
 * and why (issue 37), each in their own language. Someone still waiting for their turn never had
 * a link, and is told nothing they did not know.
 */
export async function tellOtherSigners(
  trx: DbOrTrx,
  deps: Pick<EsignDeps, 'config' | 'mailSealer'>,
  contractId: number,
  decliner: { id: number; name: string },
  reason: string,
  at: string,
): Promise<void> {
  const others = (await listSigners(trx, contractId)).filter(
    (signer) => signer.id !== decliner.id && signer.invited_at !== null,
  );
  if (others.length === 0) return;
  const { contract } = await loadLinkMailContract(trx, contractId);
  const company = mailCompanyOf(contract, deps.config.PUBLIC_URL);
  const changeOrder = await loadChangeOrderFacts(trx, contractId);
  for (const signer of others) {
    const mail = renderSignerDeclinedMail({
      company,
      client: { name: signer.name, email: signer.email },
      declinedBy: decliner.name,
      contractId,
      reason,
      declinedAt: at,
      hadSigned: signer.signed_at !== null,
      language: signer.language,
      changeOrder,
    });
    await enqueueMail(trx, deps.mailSealer, {
      kind: 'signer_declined_notice',
      to: signer.email,
      contractId,
      ...mail,
    });
  }
}
