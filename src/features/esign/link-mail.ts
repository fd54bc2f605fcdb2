import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { ContractStatus } from '../../domain/contract-lifecycle.js';
import type { Language } from '../../domain/i18n/languages.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMail, enqueueMailOnce } from '../mail/outbox.js';
import { loadChangeOrderFacts } from '../contracts/change-order-facts.js';
import {
  renderSigningRequestMail,
  type MailCompany,
  type ReplacedContract,
  type SigningRequestVariant,
} from '../mail/templates/index.js';

/** What a mail with a signing link says of the contract: the frozen facts of the sent copy. */
export interface LinkMailContract {
  id: number;
  client: { name: string; email: string; address: string | null };
  totalCents: number;
  stageCount: number;
  company: { name: string | null; phone: string | null; email: string | null };
  /** The account's logo path (served publicly), or null. */
  logoPath: string | null;
  /** The client's language: the mail's words (docs/decisions/029). */
  language: Language;
  /** The company's IANA time zone, the clock of the mail's times; null or left out: UTC. */
  timeZone?: string | null;
}

/** The mail kind in the outbox for each variant. */
const KIND = {
  request: 'signing_request',
  reminder: 'signing_reminder',
  'new-link': 'signing_new_link',
} as const satisfies Record<SigningRequestVariant, string>;

/**
 * Queues the mail that carries a signing link to the client: the first request, a reminder or
 * a new link. With `dedupeKey` it is queued at most once (false when it already was).
 */
export async function queueSigningLinkMail(
  trx: DbOrTrx,
  deps: { config: Config; mailSealer: MailSealer },
  input: {
    contract: LinkMailContract;
    token: string;
    expiresAt: string;
    variant: SigningRequestVariant;
    dedupeKey?: string;
  },
): Promise<boolean> {
  const { contract, variant } = input;
  const mail = renderSigningRequestMail({
    variant,
    company: {
      ...mailCompanyOf(contract, deps.config.PUBLIC_URL),
      timeZone: await companyTimeZoneOf(trx, contract.id),
    },
    client: { name: contract.client.name, email: contract.client.email },
    contract: {
      id: contract.id,
      totalCents: contract.totalCents,
      projectAddress: contract.client.address,
      stageCount: contract.stageCount,
    },
    link: `${deps.config.PUBLIC_URL}/esign/${input.token}`,
    expiresAt: input.expiresAt,
    language: contract.language,
    replaces: await replacedContractOf(trx, contract.id),
    changeOrder: await loadChangeOrderFacts(trx, contract.id),
  });
  const queued = {
    kind: KIND[variant],
    to: contract.client.email,
    contractId: contract.id,
    ...mail,
  };
  if (input.dedupeKey) {
    return enqueueMailOnce(trx, deps.mailSealer, { ...queued, dedupeKey: input.dedupeKey });
  }
  await enqueueMail(trx, deps.mailSealer, queued);
  return true;
}

/** Why the contract a revision replaces can no longer be signed, by its status. */
const REPLACED_BECAUSE: Partial<Record<ContractStatus, ReplacedContract['why']>> = {
  declined: 'declined',
  voided: 'withdrawn',
  expired: 'expired',
};

/**
 * The contract this one revises, for its mails to name (issue 31): the client who declined
 * contract #12, or saw it withdrawn, is told that this one replaces it and that its link is dead
 * (a revised contract gets no new link: contract-for-action.ts). Null for a first contract.
 */
async function replacedContractOf(
  trx: DbOrTrx,
  contractId: number,
): Promise<ReplacedContract | null> {
  const earlier = await trx
    .selectFrom('contracts as revision')
    .innerJoin('contracts as earlier', (join) =>
      join
        .onRef('earlier.id', '=', 'revision.revision_of')
        .onRef('earlier.company_id', '=', 'revision.company_id'),
    )
    .select(['earlier.id', 'earlier.status', 'earlier.sent_at'])
    .where('revision.id', '=', contractId)
    .executeTakeFirst();
  const why = earlier ? REPLACED_BECAUSE[earlier.status] : undefined;
  if (!earlier?.sent_at || !why) return null;
  return { id: earlier.id, sentAt: earlier.sent_at, why };
}

/**
 * The time zone of the company that owns the contract (issue 31): the clock its link mails say
 * when the link expires on. Today's setting, like the logo: a zone is not a contract's term.
 */
async function companyTimeZoneOf(trx: DbOrTrx, contractId: number): Promise<string | null> {
  const row = await trx
    .selectFrom('contracts')
    .innerJoin('preferences', 'preferences.company_id', 'contracts.company_id')
    .select('preferences.time_zone')
    .where('contracts.id', '=', contractId)
    .executeTakeFirst();
  return row?.time_zone ?? null;
}

/** The contractor's business as a mail to the client shows it: frozen fields, current logo. */
export function mailCompanyOf(contract: LinkMailContract, publicUrl: string): MailCompany {
  return {
    name: contract.company.name,
    phone: contract.company.phone,
    email: contract.company.email,
    logoUrl: contract.logoPath ? `${publicUrl}${contract.logoPath}` : null,
    timeZone: contract.timeZone ?? null,
  };
}

/**
 * The same facts addressed to one of the contract's signers (issue 37): their name, their email,
 * their language; the project's address stays the contract's.
 */
export function forSigner(
  contract: LinkMailContract,
  signer: { name: string; email: string; language: Language },
): LinkMailContract {
  return {
    ...contract,
    client: { ...contract.client, name: signer.name, email: signer.email },
    language: signer.language,
  };
}

/** The link mail's facts from a sent contract's row. */
export function linkMailContract(
  row: {
    id: number;
    client_data: string | null;
    client_name: string | null;
    client_email: string | null;
    total_price_cents: number | null;
    payment_plan_json: string | null;
    company_name: string | null;
    company_phone: string | null;
    company_email: string | null;
    language: Language;
  },
  logoPath: string | null,
  timeZone: string | null = null,
): LinkMailContract {
  const sent = row.client_data
    ? (JSON.parse(row.client_data) as { name?: string; email?: string; address?: string | null })
    : {};
  const plan = row.payment_plan_json ? (JSON.parse(row.payment_plan_json) as unknown[]) : [];
  return {
    id: row.id,
    client: {
      name: sent.name ?? row.client_name ?? '',
      email: sent.email ?? row.client_email ?? '',
      address: sent.address ?? null,
    },
    totalCents: row.total_price_cents ?? 0,
    stageCount: plan.length,
    company: { name: row.company_name, phone: row.company_phone, email: row.company_email },
    logoPath,
    language: row.language,
    timeZone,
  };
}

/**
 * A sent contract's link-mail facts read by id, with the company's logo and clock, and the
 * deadline its links run to: what a mail about it written after the send needs (the next
 * signer's turn, a decline told to the other signers).
 */
export async function loadLinkMailContract(
  trx: DbOrTrx,
  contractId: number,
): Promise<{ contract: LinkMailContract; expiresAt: string | null }> {
  const row = await trx
    .selectFrom('contracts')
    .leftJoin('preferences', 'preferences.company_id', 'contracts.company_id')
    .select([
      'contracts.id',
      'contracts.client_data',
      'contracts.client_name',
      'contracts.client_email',
      'contracts.total_price_cents',
      'contracts.payment_plan_json',
      'contracts.company_name',
      'contracts.company_phone',
      'contracts.company_email',
      'contracts.language',
      'contracts.expires_at',
      'preferences.logo_path',
      'preferences.time_zone',
    ])
    .where('contracts.id', '=', contractId)
    .executeTakeFirstOrThrow();
  return {
    contract: linkMailContract(row, row.logo_path, row.time_zone),
    expiresAt: row.expires_at,
  };
}
