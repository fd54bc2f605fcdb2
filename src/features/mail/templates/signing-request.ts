import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { formatUsd } from '../../../domain/money.js';
import { toHeaderText } from '../mail-header.js';
import { companyDate, companyDateTime, longDate, oneLine, renderParts } from './render.js';
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
  /** The contract's language (docs/decisions/029); English when left out. */
  language?: Language;
  /** A revision's mails: the contract it replaces. */
  replaces?: ReplacedContract | null;
  /** A change order's mails (issue 38): which one, to which contract, and what it changes. */
  changeOrder?: ChangeOrderFacts | null;
}

export interface ChangeOrderFacts {
  number: number;
  contractId: number;
  priceChangeCents: number;
  sumAfterCents: number;
}

export type SigningRequestVariant = 'request' | 'reminder' | 'new-link';

/** The contract a revision replaces, and why that one can no longer be signed. */
export interface ReplacedContract {
  id: number;
  /** ISO time it was sent: with its number, how the client tells it apart. */
  sentAt: string;
  why: 'declined' | 'withdrawn' | 'expired';
}

/** Each variant's words in the catalogue (subject, intro around the company's name, preheader). */
const VARIANT_KEYS = {
  request: 'request',
  reminder: 'reminder',
  'new-link': 'newLink',
} as const satisfies Record<SigningRequestVariant, string>;

/**
 * The mail that asks the client to review and sign, first or again (reminder, new link), in the
 * contract's language.
 */
export function renderSigningRequestMail(input: SigningRequestMailInput): RenderedMail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const words = messagesFor(language).mail;
  const brand = brandView(input.company, language);
  const { contract } = input;
  const address = oneLine(contract.projectAddress);
  const change = input.changeOrder ?? null;
  const changeWords = words.signingRequest.changeOrder;
  const summary = change
    ? [
        { label: changeWords.label, value: changeWords.name(change) },
        ...(address ? [{ label: words.summary.projectAddress, value: address }] : []),
        { label: changeWords.thisChange, value: signedUsd(change.priceChangeCents) },
        { label: changeWords.newTotal, value: formatUsd(change.sumAfterCents) },
        { label: words.summary.paymentPlan, value: words.summary.stages(contract.stageCount) },
      ]
    : [
        { label: words.summary.contract, value: words.summary.contractNumber(contract.id) },
        ...(address ? [{ label: words.summary.projectAddress, value: address }] : []),
        { label: words.summary.total, value: formatUsd(contract.totalCents) },
        { label: words.summary.paymentPlan, value: words.summary.stages(contract.stageCount) },
      ];
  const key = VARIANT_KEYS[input.variant ?? 'request'];
  const contractWords = words.signingRequest[key];
  // A change order's mails name it and its contract: the first request, reminders, new links.
  const changeVariant = changeWords[key];
  const [before, name, after] = change
    ? changeVariant.intro(brand.company, change)
    : contractWords.intro(brand.company);
  const subject = toHeaderText(
    change ? changeVariant.subject(brand.company, change) : contractWords.subject(brand.company),
  );
  // On the company's clock once it has a zone, to the minute (a link dies at a moment, and the
  // client reads the zone's name); the UTC date alone before, as it always was.
  const expiresOn = input.company.timeZone
    ? companyDateTime(input.expiresAt, input.company.timeZone, language)
    : longDate(input.expiresAt, language);
  const { html, text } = renderParts(
    'signing-request',
    {
      subject,
      preheader: change
        ? changeVariant.preheader(change, expiresOn)
        : contractWords.preheader(contract.id, expiresOn),
      brand,
      intro: { before, name, after },
      greeting: greeting(input.client.name, language),
      summary,
      link: input.link,
      button: change ? changeWords.button : words.signingRequest.button,
      linkLine: change ? changeWords.linkLine : words.signingRequest.linkLine,
      expiresOn,
      replaces: input.replaces
        ? replacementLines(input.replaces, brand.company, language, input.company.timeZone)
        : null,
    },
    language,
  );
  return { subject, html, text };
}

/** A change in price with its sign: +$1,200.00, -$300.00. */
function signedUsd(cents: number): string {
  return cents > 0 ? `+${formatUsd(cents)}` : formatUsd(cents);
}

/** "This contract replaces contract #12, sent to you on …, which you declined." and the old link. */
function replacementLines(
  replaced: ReplacedContract,
  company: string | null,
  language: Language,
  timeZone: string | null | undefined,
): { what: string; oldLink: string } {
  const words = messagesFor(language).mail.signingRequest.replaces;
  const sentOn = companyDate(replaced.sentAt, timeZone, language);
  return {
    what: words[replaced.why](replaced.id, sentOn, company),
    oldLink: words.oldLink(replaced.id),
  };
}
