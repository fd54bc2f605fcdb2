import { toHeaderText } from '../mail-header.js';
import { longDate, reasonLines, renderParts } from './render.js';
import {
  brandView,
  greeting,
  type MailClient,
  type MailCompany,
  type RenderedMail,
} from './types.js';

export interface WithdrawnNoticeMailInput {
  company: MailCompany;
  client: MailClient;
  contractId: number;
  /** What the contractor wrote (3 to 500 characters), line breaks and all. */
  reason: string;
  /** ISO time of the withdrawal. */
  withdrawnAt: string;
}

/** Tells the client that the contract they were asked to sign is withdrawn, and why. */
export function renderWithdrawnNoticeMail(input: WithdrawnNoticeMailInput): RenderedMail {
  const brand = brandView(input.company);
  const { contractId } = input;
  const subject = toHeaderText(`${brand.name} withdrew contract #${contractId}`);
  const { html, text } = renderParts('withdrawn-notice', {
    subject,
    preheader: `Contract #${contractId} is withdrawn. There is nothing you need to do.`,
    brand,
    greeting: greeting(input.client.name),
    contractId,
    withdrawnOn: longDate(input.withdrawnAt),
    reasonLines: reasonLines(input.reason),
  });
  return { subject, html, text };
}
