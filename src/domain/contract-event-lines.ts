import { formatUsd } from './money.js';
import { EVENT_WORDS, isContractEventType, type ContractEventType } from './contract-lifecycle.js';
import { englishEventLines, namesInEnglish, type events, type LinkUsed } from './i18n/en/events.js';
import { eventSignerOf } from './signer-events.js';

/**
 * An event of a contract's audit trail as one line with the facts its details hold (issue 17):
 * which reminder, the reason given, the link used, the revision. The certificate, the HTML audit
 * trail and the contractor's timeline all print this, so the record says the same everywhere;
 * the certificate and the HTML trail in the certificate's language (issue 31).
 */

/** The words an audit trail is told in: a catalogue's `events`, or the contractor's. */
export type EventLines = typeof events;

const contractorWords = Object.fromEntries(
  Object.entries(EVENT_WORDS).map(([type, both]) => [type, both.contractor]),
) as Record<ContractEventType, string>;

/** The contractor's own timeline, in English like the rest of the contractor's app. */
export const CONTRACTOR_EVENT_LINES: EventLines = englishEventLines(
  contractorWords,
  (reminder, automatic, to) =>
    `Reminder ${reminder} sent to ${namesInEnglish(to)} ${automatic ? 'automatically' : 'by the contractor'}`,
  (to) => `New signing link sent to ${namesInEnglish(to)}`,
);

/** An event's stored details (JSON text) as an object; anything unreadable as none. */
export function parseEventDetails(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An event as stored, with its details parsed (the shape both the server and the web read). */
export interface DescribableEvent {
  type: string;
  at: string;
  details: Record<string, unknown> | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const whole = (value: unknown) => (typeof value === 'number' ? value : null);

/** `Nov 28, 2026` (`28 de noviembre de 2026`) in UTC, the same on every runtime (no ICU). */
function shortUtcDate(iso: string, lines: EventLines): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return lines.day(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** A language as a record names it; null for anything else. */
function languageName(value: unknown, lines: EventLines): string | null {
  return value === 'en' || value === 'es' ? lines.languageNames[value] : null;
}

/**
 * Whom a reminder or a new link was emailed to, by name (issue 37: `to` lists the signers); none
 * for an event recorded before, whose `to` is the client's address.
 */
function namesMailed(details: Record<string, unknown>): string[] {
  if (!Array.isArray(details.to)) return [];
  return details.to.flatMap((one: unknown) => {
    const name = one && typeof one === 'object' ? text((one as { name?: unknown }).name) : null;
    return name ? [name] : [];
  });
}

/** Which emailed link a signature, a decline or an opening came through. */
function linkUsed(details: Record<string, unknown>, lines: EventLines): LinkUsed | null {
  const link = details.link;
  if (!link || typeof link !== 'object') return null;
  const { purpose, issued_at: issuedAt, reminder } = link as Record<string, unknown>;
  const issued = text(issuedAt);
  if (!issued) return null;
  return {
    purpose: purpose === 'reminder' || purpose === 'extension' ? purpose : 'request',
    reminder: whole(reminder),
    emailedOn: shortUtcDate(issued, lines),
  };
}

/**
 * An event's line with the facts its details hold: which reminder, the reason given, the link
 * used, the revision; on a contract several clients sign (`nameSigner`, see namesSigners), the
 * signer who acted. A type stored by a newer version and unknown here prints as it is stored
 * rather than disappearing from a legal record.
 */
export function describeEvent(
  event: DescribableEvent,
  lines: EventLines,
  options: { nameSigner?: boolean } = {},
): string {
  const line = eventLine(event, lines);
  const signer = options.nameSigner ? signerNamed(event.details) : null;
  return signer ? lines.namingSigner(line, signer) : line;
}

/**
 * Whether a trail names the signer of each signer's event (issue 37): its contract went to
 * several clients (the `sent` event lists them), or a signer after the first acted.
 */
export function namesSigners(
  events: readonly Pick<DescribableEvent, 'type' | 'details'>[],
): boolean {
  return events.some((event) => {
    const listed = event.details?.signers;
    if (event.type === 'sent' && Array.isArray(listed) && listed.length > 1) return true;
    const position = eventSignerOf(event.details)?.position;
    return typeof position === 'number' && position > 1;
  });
}

function signerNamed(details: Record<string, unknown> | null): string | null {
  const name = eventSignerOf(details)?.name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

function eventLine(event: DescribableEvent, lines: EventLines): string {
  if (!isContractEventType(event.type)) return event.type;
  const words = lines.words[event.type];
  const details = event.details ?? {};
  const reason = text(details.reason);
  switch (event.type) {
    case 'reminder_sent': {
      const n = whole(details.reminder);
      return n ? lines.reminderSent(n, details.automatic === true, namesMailed(details)) : words;
    }
    case 'link_extended': {
      const until = text(details.expires_at);
      // A later deadline while the client's email budget waited: no link, no email (issue 33).
      if (details.emailed === false && until) {
        return lines.deadlineMovedWithoutEmail(shortUtcDate(until, lines));
      }
      const to = namesMailed(details);
      const sent = to.length > 0 ? lines.newLinkSentTo(to) : words;
      return until ? `${sent}, ${lines.validUntil(shortUtcDate(until, lines))}` : sent;
    }
    case 'declined':
    case 'voided':
      return reason ? `${words}: “${lines.reason(reason)}”` : words;
    case 'revised': {
      const id = whole(details.revision_id);
      return id ? lines.revisedAs(id) : words;
    }
    case 'created': {
      const of = whole(details.revision_of);
      const copiedFrom = whole(details.copied_from);
      if (of) return lines.createdAsRevisionOf(of);
      return copiedFrom ? lines.createdAsCopyOf(copiedFrom) : words;
    }
    case 'language_changed': {
      const [from, to] = [languageName(details.from, lines), languageName(details.to, lines)];
      return from && to ? `${words} ${lines.languageSwitched(from, to)}` : words;
    }
    case 'consented': {
      // Which disclosure, in which language, the client agreed to (issue 20).
      const version = text(details.disclosure_version);
      const language = languageName(details.disclosure_language, lines) ?? lines.languageNames.en;
      return version ? `${words}, ${lines.disclosureRead(language, version)}` : words;
    }
    case 'signed_by_client':
    case 'viewed':
    case 'unsigned_copy_downloaded': {
      const link = linkUsed(details, lines);
      return link ? `${words} ${lines.through(link)}` : words;
    }
    case 'payment_requested':
    case 'payment_succeeded':
    case 'payment_processing':
    case 'payment_failed':
    case 'payment_refunded':
    case 'payment_recorded':
    case 'payment_undone': {
      // "Payment received: $1,650.00, Stage 1"
      const stage = text(details.stage_label);
      const cents = whole(details.amount_cents);
      return cents && stage ? `${words}: ${formatUsd(cents)}, ${stage}` : words;
    }
    default:
      return words;
  }
}

/**
 * Who acted, in the record's language: the client by their role, a person of the contractor's by
 * their email, and the system (a mail delivered, the contract completed) as TradeSign.
 */
export function describeActor(actor: string | null, clientRole: string): string {
  if (actor === null) return 'TradeSign';
  return actor === 'client' ? clientRole : actor;
}
