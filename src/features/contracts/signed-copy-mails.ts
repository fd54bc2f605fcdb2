import type { DbOrTrx } from '../../db/kysely.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMail, type MailAttachment } from '../mail/outbox.js';
import { renderSignedCopyMail } from '../mail/templates/index.js';
import { listSigners } from '../signers/signers.repo.js';
import type { Language } from '../../domain/i18n/languages.js';
import { loadChangeOrderFacts } from './change-order-facts.js';

/** What the mails of a completed contract say of it (completion.ts loads it). */
export interface CompletedContract {
  id: number;
  company_name: string | null;
  client_name: string | null;
  client_email: string;
  client_signed_at: string;
  contractor_email: string;
  language: Language;
  my_signed_at: string | null;
  total_price_cents: number | null;
  /** The company's clock for the signing times (issue 31). */
  time_zone: string | null;
}

/**
 * The executed copy to every party (issue 37): each client who signed, in their own language, and
 * the contractor, in English.
 */
export async function mailEveryParty(
  trx: DbOrTrx,
  mailSealer: MailSealer,
  contract: CompletedContract,
  copy: MailAttachment,
) {
  const signers = await listSigners(trx, contract.id);
  const changeOrder = await loadChangeOrderFacts(trx, contract.id);
  const signed = signers.flatMap((signer) =>
    signer.signed_at ? [{ name: signer.name, signedAt: signer.signed_at }] : [],
  );
  // A contract signed before issue 37 has its client as its one signer; none at all reads as one.
  const readers =
    signers.length > 0
      ? signers
      : [
          {
            name: contract.client_name ?? '',
            email: contract.client_email,
            language: contract.language,
          },
        ];
  const parties = [
    ...readers.map((signer) => ({
      recipient: 'client' as const,
      to: signer.email,
      readerName: signer.name,
      language: signer.language,
    })),
    // The contractor's copy stays English, like the rest of the contractor's app.
    {
      recipient: 'contractor' as const,
      to: contract.contractor_email,
      readerName: undefined,
      language: 'en' as const,
    },
  ];
  for (const party of parties) {
    const mail = renderSignedCopyMail({
      recipient: party.recipient,
      contractId: contract.id,
      companyName: contract.company_name,
      clientName: contract.client_name ?? '',
      signers: signed,
      readerName: party.readerName,
      totalCents: contract.total_price_cents ?? 0,
      contractorSignedAt: contract.my_signed_at ?? contract.client_signed_at,
      clientSignedAt: contract.client_signed_at,
      copy,
      timeZone: contract.time_zone,
      language: party.language,
      changeOrder,
    });
    await enqueueMail(trx, mailSealer, {
      kind: `signed_copy_${party.recipient}`,
      to: party.to,
      contractId: contract.id,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
    });
  }
}
