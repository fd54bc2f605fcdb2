import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { safeImageUrl } from './render.js';

/** The contractor's business as the mail shows it (the company fields frozen on the contract). */
export interface MailCompany {
  /** Null (or blank) when the company has no name on file. */
  name: string | null;
  phone: string | null;
  email: string | null;
  /** Absolute http(s) URL of the logo; anything else is ignored. */
  logoUrl: string | null;
  /** The company's IANA time zone: the clock the mail's times are on (UTC when unset). */
  timeZone?: string | null;
}

export interface MailClient {
  name: string;
  email: string;
}

export interface MailContract {
  id: number;
  totalCents: number;
  projectAddress: string | null;
  stageCount: number;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What the layout and the contact lines need, already trimmed. */
export interface BrandView {
  /** The name standing alone (the heading, the logo's alt text), a stand-in when there is none. */
  name: string;
  /** The name for the messages, which pick their own stand-in when it is null. */
  company: string | null;
  /** "Questions? Contact <name>": the name is bolded in the HTML part. */
  contact: { before: string; name: string; after: string };
  phone: string;
  phoneHref: string;
  email: string;
  logoUrl: string | null;
}

export function brandView(company: MailCompany, language: Language = DEFAULT_LANGUAGE): BrandView {
  const words = messagesFor(language).mail;
  const phone = company.phone?.trim() ?? '';
  const name = company.name?.trim() || null;
  const [before, inSentence, after] = words.contacts.questions(name);
  return {
    name: name ?? words.yourContractor,
    company: name,
    contact: { before, name: inSentence, after },
    phone,
    phoneHref: phone.replace(/[^\d+]/g, ''),
    email: company.email?.trim() ?? '',
    logoUrl: safeImageUrl(company.logoUrl),
  };
}

/** `Hello Jane,` or `Hello,` when there is no name (`Hola, Jane:` or `Hola:` in Spanish). */
export function greeting(
  name: string | null | undefined,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const words = messagesFor(language).mail;
  const trimmed = name?.trim();
  return trimmed ? words.greeting(trimmed) : words.greetingWithoutName;
}

/** A name the client typed may hold line breaks; the mails print it on one line. */
export function clientLabel(name: string | null | undefined): string {
  return name?.replace(/\s+/g, ' ').trim() || 'Your client';
}

/** Mails to the contractor about their own account and contracts: TradeSign speaks. */
export function tradeSignBrand(): BrandView {
  return brandView({ name: 'TradeSign', phone: null, email: null, logoUrl: null });
}
