import { contractSender } from '../../db/contract-sender.js';
import { z } from 'zod';
import type { DbOrTrx } from '../../db/kysely.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { toHeaderText } from './mail-header.js';
import { readerOf } from './mail-kinds.js';

/** A mailbox for a header; nodemailer quotes and encodes the name (RFC 5322, RFC 2047). */
export interface MailAddress {
  name: string;
  address: string;
}

/**
 * How a mail presents itself beyond MAIL_FROM's address, which never changes: we may only send
 * from our own domain (SPF, DMARC), so the company shows in the name and in Reply-To
 * (docs/decisions/034).
 */
export interface MailSender {
  /** From's display name; null keeps MAIL_FROM's own. */
  fromName: string | null;
  /** Where a reply goes; null: no Reply-To. */
  replyTo: MailAddress | null;
}

export const MAIL_FROM_AS_IS: MailSender = { fromName: null, replyTo: null };

/** The same check as every form that takes an address: anything else never reaches a header. */
const EMAIL = z.email();

/** The client as the contract was sent to them (`client_data`), else as the draft had them. */
const SENT_CLIENT = z.object({ name: z.string().nullish(), email: z.string().nullish() });

/**
 * The sender of a mail of this kind about this contract, from the facts frozen on it when it was
 * sent: the company's name and email for the client's mails (the account's email when the company
 * has none), the client's address for the contractor's mails about what the client did.
 */
export async function senderOf(
  db: DbOrTrx,
  kind: string,
  contractId: number | null,
): Promise<MailSender> {
  const reader = readerOf(kind);
  if (reader === 'account' || contractId === null) return MAIL_FROM_AS_IS;
  const contract = await db
    .selectFrom('contracts')
    .innerJoin('users', (join) => join.on(contractSender))
    .select([
      'contracts.company_name',
      'contracts.company_email',
      'contracts.client_name',
      'contracts.client_email',
      'contracts.client_data',
      'contracts.language',
      'users.email as account_email',
    ])
    .where('contracts.id', '=', contractId)
    .executeTakeFirst();
  if (!contract) return MAIL_FROM_AS_IS;
  if (reader === 'client') {
    const company = headerName(contract.company_name);
    return {
      // Without a name on file, MAIL_FROM's own name beats "Your contractor via TradeSign".
      fromName: company
        ? toHeaderText(messagesFor(contract.language).mail.fromName(company))
        : null,
      replyTo: mailbox(company, contract.company_email) ?? mailbox(company, contract.account_email),
    };
  }
  const sent = contract.client_data
    ? SENT_CLIENT.safeParse(JSON.parse(contract.client_data))
    : null;
  const client = sent?.success ? sent.data : {};
  return {
    fromName: null,
    replyTo: mailbox(
      headerName(client.name ?? contract.client_name),
      client.email ?? contract.client_email,
    ),
  };
}

/** A name someone typed, on one line, or null when blank. */
function headerName(name: string | null | undefined): string | null {
  return toHeaderText(name ?? '', 100) || null;
}

function mailbox(name: string | null, address: string | null | undefined): MailAddress | null {
  const trimmed = address?.trim() ?? '';
  return EMAIL.safeParse(trimmed).success ? { name: name ?? '', address: trimmed } : null;
}
