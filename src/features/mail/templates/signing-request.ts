import { formatUsd } from '../../../domain/money.js';
import { toHeaderText } from '../mail-header.js';
import { longDate, oneLine, renderParts } from './render.js';
import {
  brandView,
  greeting,
  type MailClient,
  type MailCompany,
  type MailContract,
  type RenderedMail,
} from './types.js';

export interface SigningRequestMailInput {
  company: MailCompany;
  client: MailClient;
  contract: MailContract;
  /** The absolute signing URL (PUBLIC_URL + /esign/<token>). */
  link: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

/** The mail that asks the client to review and sign. */
export function renderSigningRequestMail(input: SigningRequestMailInput): RenderedMail {
  const brand = brandView(input.company);
  const { contract } = input;
  const address = oneLine(contract.projectAddress);
  const stages = `${contract.stageCount} ${contract.stageCount === 1 ? 'stage' : 'stages'}`;
  const summary = [
    { label: 'Contract', value: `#${contract.id}` },
    ...(address ? [{ label: 'Project address', value: address }] : []),
    { label: 'Total', value: formatUsd(contract.totalCents) },
    { label: 'Payment plan', value: stages },
  ];
  const subject = toHeaderText(`${brand.name} sent you a contract to sign`);
  const expiresOn = longDate(input.expiresAt);
  const { html, text } = renderParts('signing-request', {
    subject,
    preheader: `Review and sign contract #${contract.id} by ${expiresOn}.`,
    brand,
    greeting: greeting(input.client.name),
    summary,
    link: input.link,
    expiresOn,
  });
  return { subject, html, text };
}
