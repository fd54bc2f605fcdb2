import type { CompanyId } from '../../domain/team.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import {
  consentEventDetails,
  type ConsentEventDetails,
} from '../../domain/esign-consent/consent-record.js';
import { noticeSha256 } from '../consent-record/notice-hash.js';
import {
  consentNotice,
  ESIGN_CONSENT_VERSION,
  isKnownConsentVersion,
  type ConsentFacts,
  type ConsentNotice,
} from '../../domain/esign-consent/notice.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { languageOr, type Language } from '../../domain/i18n/languages.js';
import { AppError } from '../../lib/app-error.js';

/** What the notice prints of a contract: its company details, and its company for the fee. */
export interface NoticeContract {
  company_id: CompanyId;
  company_name: string | null;
  company_phone: string | null;
  company_email: string | null;
}

/** Built once (docs/decisions/013): every view of a signing page reads the fee. */
const paperCopyFeeOf = preparedQuery((db, params: { companyId: CompanyId }) =>
  db
    .selectFrom('preferences')
    .select('paper_copy_fee_cents')
    .where('company_id', '=', params.companyId),
);

/**
 * The notice's facts as they stand: the contract's company details and its company's paper-copy
 * fee (preferences). Read when the page is rendered and again when the client signs.
 */
export async function readConsentFacts(
  db: DbOrTrx,
  contract: NoticeContract,
): Promise<ConsentFacts> {
  const [preferences] = await paperCopyFeeOf(db, { companyId: contract.company_id });
  return {
    companyName: contract.company_name,
    companyPhone: contract.company_phone,
    companyEmail: contract.company_email,
    paperCopyFeeCents: preferences?.paper_copy_fee_cents ?? null,
  };
}

/** The current notice for this contract in this language, with its hash. */
export async function currentNotice(
  db: DbOrTrx,
  contract: NoticeContract,
  language: Language,
): Promise<{ notice: ConsentNotice; facts: ConsentFacts; sha256: string }> {
  const facts = await readConsentFacts(db, contract);
  const notice = consentNotice(ESIGN_CONSENT_VERSION, language, facts);
  return { notice, facts, sha256: noticeSha256(notice) };
}

/**
 * A 409 whose remedy is reading the notice again: the route marks its answer so the signing
 * page says so and offers a reload (src/domain/signing-island.ts, SIGNING_REFUSAL_HEADER).
 */
export class ConsentChangedError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

export interface ConsentGiven {
  version?: string;
  language?: Language;
  sha256?: string;
}

/**
 * The consent a signature records, checked against the notice the page showed (issue 32): a
 * version the server knows, in the page's language (the contract's, which the page's switch
 * changes), and, when the browser sends it, the hash of the text it showed, which must still be
 * the current text. Refusals speak the language of the page that sent them.
 */
export async function consentToRecord(
  db: DbOrTrx,
  contract: NoticeContract & { language: string },
  given: ConsentGiven,
): Promise<ConsentEventDetails> {
  const pageLanguage = languageOr(contract.language);
  const refusals = messagesFor(given.language ?? pageLanguage).signing.refusals;
  const version = given.version ?? ESIGN_CONSENT_VERSION;
  if (!isKnownConsentVersion(version))
    throw new AppError('BAD_REQUEST', refusals.consentVersionUnknown);
  if (given.language && given.language !== pageLanguage)
    throw new AppError('BAD_REQUEST', refusals.consentLanguageWrong);
  // A page served before the current version: its words are known, but no longer the ones a
  // signature is given under.
  if (version !== ESIGN_CONSENT_VERSION) throw new ConsentChangedError(refusals.consentChanged);
  const { notice, facts, sha256 } = await currentNotice(db, contract, pageLanguage);
  if (given.sha256 && given.sha256 !== sha256)
    throw new ConsentChangedError(refusals.consentChanged);
  return consentEventDetails(notice, facts, sha256);
}
