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
  /** 'reminder' nudges about the same link; 'new-link' follows a link that was replaced. */
  variant?: SigningRequestVariant;
}

export type SigningRequestVariant = 'request' | 'reminder' | 'new-link';

/**
 * What changes between the variants. The intro is split around the company name so the
 * templates can escape both halves and bold the name themselves.
 */
const VARIANTS: Record<
  SigningRequestVariant,
  {
    subject: (company: string) => string;
    intro: { before: string; after: string };
    preheader: (contractId: number, expiresOn: string) => string;
  }
> = {
  request: {
    subject: (company) => `${company} sent you a contract to sign`,
    intro: { before: '', after: ' has sent you a contract to review and sign.' },
    preheader: (id, date) => `Review and sign contract #${id} by ${date}.`,
  },
  reminder: {
    subject: (company) => `Reminder: ${company} is waiting for your signature`,
    intro: {
      before: 'This is a friendly reminder: ',
      after: ' sent you a contract that is still waiting for your signature.',
    },
    preheader: (id, date) => `Contract #${id} is waiting for your signature until ${date}.`,
  },
  'new-link': {
    subject: (company) => `${company} sent you a new link to sign your contract`,
    intro: { before: '', after: ' has sent you a new link to review and sign your contract.' },
    preheader: (id, date) => `Review and sign contract #${id} by ${date}.`,
  },
};

/** The mail that asks the client to review and sign, first or again (reminder, new link). */
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
  const variant = VARIANTS[input.variant ?? 'request'];
  const subject = toHeaderText(variant.subject(brand.name));
  const expiresOn = longDate(input.expiresAt);
  const { html, text } = renderParts('signing-request', {
    subject,
    preheader: variant.preheader(contract.id, expiresOn),
    brand,
    intro: variant.intro,
    greeting: greeting(input.client.name),
    summary,
    link: input.link,
    expiresOn,
  });
  return { subject, html, text };
}
