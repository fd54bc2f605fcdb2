import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { ChangeOrderRef } from '../../../domain/i18n/en/mail.js';
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
  /** The client of record. */
  clientName: string;
  /**
   * Every client who signed, in order, when there were several (issue 37): each is listed with
   * the time they signed, and the words say "all parties". One signer or none: the client's.
   */
  signers?: readonly { name: string; signedAt: string }[];
  /** The signer this copy goes to, greeted by name; the client of record when left out. */
  readerName?: string;
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
  /**
   * A change order's copy (issue 38): named with its contract's number, `totalCents` its new
   * total; null for a contract.
   */
  changeOrder?: ChangeOrderRef | null;
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
  const several = (input.signers?.length ?? 0) > 1 ? (input.signers ?? []) : null;
  const clientsSigned = several ?? [{ name: clientName, signedAt: input.clientSignedAt }];
  const change = input.changeOrder ?? null;
  const changeWords = words.signedCopyOfChangeOrder;
  const summary = [
    change
      ? { label: changeWords.label, value: words.signingRequest.changeOrder.name(change) }
      : { label: words.summary.contract, value: words.summary.contractNumber(contractId) },
    ...(address ? [{ label: words.summary.projectAddress, value: address }] : []),
    {
      label: change ? changeWords.newTotal : words.summary.total,
      value: formatUsd(input.totalCents),
    },
    {
      label: words.summary.signedByContractor(brand.company),
      value: companyDateTime(input.contractorSignedAt, input.timeZone, language),
    },
    ...clientsSigned.map((signer) => ({
      label: words.summary.signedByClient(signer.name.trim() || null),
      value: companyDateTime(signer.signedAt, input.timeZone, language),
    })),
  ];
  const { subject, lead, preheader } = change
    ? changeOrderWords(words, input, change, brand.company, several ?? [{ name: clientName }])
    : several
      ? severalSignersWords(words, input, brand.company, several)
      : oneSignerWords(words, input, brand.company, clientName);
  const { html, text } = renderParts(
    'signed-copy',
    {
      subject,
      preheader,
      heading:
        recipient === 'client'
          ? words.signedCopy.headingForClient
          : change
            ? changeWords.heading
            : words.signedCopy.heading,
      brand,
      greeting: greeting(
        recipient === 'client' ? (input.readerName?.trim() ?? clientName) : null,
        language,
      ),
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

type MailWords = ReturnType<typeof messagesFor>['mail'];

/** The words of a contract one client signed, as before issue 37. */
function oneSignerWords(
  words: MailWords,
  input: SignedCopyMailInput,
  company: string | null,
  clientName: string,
) {
  const { contractId } = input;
  const forClient = input.recipient === 'client';
  // "with" names the other party: the contractor's own copy is "with" the client.
  return {
    subject: toHeaderText(
      forClient
        ? words.signedCopy.subjectForClient(contractId, company)
        : words.signedCopy.subjectForContractor(contractId, clientName),
    ),
    lead: forClient
      ? words.signedCopy.leadForClient(company)
      : words.signedCopy.leadForContractor(clientName, contractId),
    preheader: forClient
      ? words.signedCopy.preheaderForClient(contractId)
      : words.signedCopy.preheader(contractId),
  };
}

/** The words of a contract several clients signed: every party named, none called "both". */
function severalSignersWords(
  words: MailWords,
  input: SignedCopyMailInput,
  company: string | null,
  signers: readonly { name: string }[],
) {
  const { contractId } = input;
  const several = words.signedCopy.severalSigners;
  const names = signers.map((signer) => signer.name.trim());
  const forClient = input.recipient === 'client';
  return {
    subject: toHeaderText(
      forClient
        ? words.signedCopy.subjectForClient(contractId, company)
        : words.signedCopy.subjectForContractor(contractId, several.names(names)),
    ),
    lead: forClient
      ? several.leadForClient(company, several.names([...names, company ?? several.yourContractor]))
      : several.leadForContractor(several.names(names), contractId),
    preheader: several.preheader(contractId),
  };
}

/** A change order's words (issue 38): it and its contract named, by one signer or several. */
function changeOrderWords(
  words: MailWords,
  input: SignedCopyMailInput,
  change: ChangeOrderRef,
  company: string | null,
  signers: readonly { name: string }[],
) {
  const co = words.signedCopyOfChangeOrder;
  const names = signers.map((signer) => signer.name.trim());
  const several = names.length > 1;
  const listed = words.signedCopy.severalSigners.names;
  if (input.recipient === 'client') {
    const everyone = listed([...names, company ?? words.signedCopy.severalSigners.yourContractor]);
    return {
      subject: toHeaderText(co.subjectForClient(change, company)),
      lead: several
        ? co.leadForClientOfSeveral(change, company, everyone)
        : co.leadForClient(change, company),
      preheader: co.preheaderForClient(change),
    };
  }
  const clients = several ? listed(names) : (names[0] ?? '');
  return {
    subject: toHeaderText(co.subjectForContractor(change, clients)),
    lead: several
      ? co.leadForContractorOfSeveral(clients, change)
      : co.leadForContractor(clients, change),
    preheader: several ? co.preheaderForClient(change) : co.preheader(change),
  };
}
