import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { formatUsd } from '../../../domain/money.js';
import { toHeaderText } from '../mail-header.js';
import type { MailAttachment } from '../outbox.js';
import { companyDateTime, oneLine, renderParts } from './render.js';
import { brandView, greeting, type RenderedMail } from './types.js';

export interface SignedCopyMailInput {
  /** Who receives this copy: the homeowner, or the contractor's own account address. */
  recipient: 'client' | 'contractor';
  contractId: number;
  /** Null (or blank) when the company has no name on file. */
  companyName: string | null;
  clientName: string;
  totalCents: number;
  /** ISO times of the two signatures. */
  contractorSignedAt: string;
  clientSignedAt: string;
  /**
   * The executed copy this mail carries, named in its text: the sealed PDF, or the standalone
   * HTML page (snapshot, signatures, audit trail) when the PDF could not be made.
   */
  copy: MailAttachment;
  /** Optional extras: shown when given (contacts only in the client's copy). */
  projectAddress?: string | null;
  companyPhone?: string | null;
  companyEmail?: string | null;
  /** Absolute http(s) URL of the company logo. */
  logoUrl?: string | null;
  /** The reader's language: the contract's for the client, English for the contractor. */
  language?: Language;
  /** The company's time zone: the signing times are on its clock (UTC when unset). */
  timeZone?: string | null;
}

/** The executed copy, mailed to each party once the client has signed. */
export function renderSignedCopyMail(
  input: SignedCopyMailInput,
): RenderedMail & { attachments: MailAttachment[] } {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const words = messagesFor(language).mail;
  const brand = brandView(
    {
      name: input.companyName,
      phone: input.companyPhone ?? null,
      email: input.companyEmail ?? null,
      logoUrl: input.logoUrl ?? null,
    },
    language,
  );
  const { contractId, recipient } = input;
  const clientName = input.clientName.trim();
  const address = oneLine(input.projectAddress);
  const { filename } = input.copy;
  const summary = [
    { label: words.summary.contract, value: words.summary.contractNumber(contractId) },
    ...(address ? [{ label: words.summary.projectAddress, value: address }] : []),
    { label: words.summary.total, value: formatUsd(input.totalCents) },
    {
      label: words.summary.signedByContractor(brand.company),
      value: companyDateTime(input.contractorSignedAt, input.timeZone, language),
    },
    {
      label: words.summary.signedByClient(clientName || null),
      value: companyDateTime(input.clientSignedAt, input.timeZone, language),
    },
  ];
  // "with" names the other party: the contractor's own copy is "with" the client.
  const subject = toHeaderText(
    recipient === 'client'
      ? words.signedCopy.subjectForClient(contractId, brand.company)
      : words.signedCopy.subjectForContractor(contractId, clientName),
  );
  const lead =
    recipient === 'client'
      ? words.signedCopy.leadForClient(brand.company)
      : words.signedCopy.leadForContractor(clientName, contractId);
  const { html, text } = renderParts(
    'signed-copy',
    {
      subject,
      preheader:
        recipient === 'client'
          ? words.signedCopy.preheaderForClient(contractId)
          : words.signedCopy.preheader(contractId),
      heading:
        recipient === 'client' ? words.signedCopy.headingForClient : words.signedCopy.heading,
      brand,
      greeting: greeting(recipient === 'client' ? clientName : null, language),
      lead,
      summary,
      filename,
      // The contractor knows their own phone number.
      showContacts: recipient === 'client',
    },
    language,
  );
  return {
    subject,
    html,
    text,
    attachments: [input.copy],
  };
}
