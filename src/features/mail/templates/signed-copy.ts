import { formatUsd } from '../../../domain/money.js';
import { toHeaderText } from '../mail-header.js';
import type { MailAttachment } from '../outbox.js';
import { longDateTime, oneLine, renderParts } from './render.js';
import { brandView, greeting, type RenderedMail } from './types.js';

export interface SignedCopyMailInput {
  /** Who receives this copy: the homeowner, or the contractor's own account address. */
  recipient: 'client' | 'contractor';
  contractId: number;
  companyName: string;
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
}

/** The executed copy, mailed to each party once the client has signed. */
export function renderSignedCopyMail(
  input: SignedCopyMailInput,
): RenderedMail & { attachments: MailAttachment[] } {
  const brand = brandView({
    name: input.companyName,
    phone: input.companyPhone ?? null,
    email: input.companyEmail ?? null,
    logoUrl: input.logoUrl ?? null,
  });
  const { contractId, recipient } = input;
  const clientName = input.clientName.trim();
  const address = oneLine(input.projectAddress);
  const { filename } = input.copy;
  const summary = [
    { label: 'Contract', value: `#${contractId}` },
    ...(address ? [{ label: 'Project address', value: address }] : []),
    { label: 'Total', value: formatUsd(input.totalCents) },
    { label: `Signed by ${brand.name}`, value: longDateTime(input.contractorSignedAt) },
    { label: `Signed by ${clientName || 'the client'}`, value: longDateTime(input.clientSignedAt) },
  ];
  // "with" names the other party: the contractor's own copy is "with" the client.
  const other = recipient === 'client' ? brand.name : clientName;
  const subject = toHeaderText(`Signed: Contract #${contractId}${other ? ` with ${other}` : ''}`);
  const lead =
    recipient === 'client'
      ? `Your contract with ${brand.name} is now signed by both of you.`
      : `${clientName || 'Your client'} has signed contract #${contractId}. It is now signed by both parties.`;
  const { html, text } = renderParts('signed-copy', {
    subject,
    preheader: `Contract #${contractId} is signed by both parties. The signed copy is attached.`,
    brand,
    greeting: greeting(recipient === 'client' ? clientName : null),
    lead,
    summary,
    filename,
    // The contractor knows their own phone number.
    showContacts: recipient === 'client',
  });
  return {
    subject,
    html,
    text,
    attachments: [input.copy],
  };
}
