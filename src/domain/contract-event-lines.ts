import { eventWords } from './contract-lifecycle.js';

/**
 * An event of a contract's audit trail as one line with the facts its details hold (issue 17):
 * which reminder, the reason given, the link used, the revision. The certificate, the HTML audit
 * trail and the contractor's timeline all print this, so the record says the same everywhere.
 */

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

/** `Nov 28, 2026` in UTC, the same on every runtime (no ICU). */
function shortUtcDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[date.getUTCMonth()];
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A language as a record names it, in English; null for anything else. */
function languageName(value: unknown): string | null {
  return value === 'en' ? 'English' : value === 'es' ? 'Spanish' : null;
}

/** Which emailed link a signature, a decline or an opening came through. */
function linkWords(details: Record<string, unknown>): string | null {
  const link = details.link;
  if (!link || typeof link !== 'object') return null;
  const { purpose, issued_at: issuedAt, reminder } = link as Record<string, unknown>;
  const issued = text(issuedAt);
  if (!issued) return null;
  const which =
    purpose === 'reminder' && whole(reminder)
      ? `reminder ${whole(reminder)}`
      : purpose === 'reminder'
        ? 'a reminder'
        : purpose === 'extension'
          ? 'a new link'
          : 'the first request';
  return `through the link emailed ${shortUtcDate(issued)} (${which})`;
}

/**
 * An event's line with the facts its details hold: which reminder, the reason given, the link
 * used, the revision. The certificate, the HTML audit trail and the contractor's timeline all
 * print this, so the record says the same everywhere.
 */
export function describeEvent(event: DescribableEvent, side: 'contractor' | 'record'): string {
  const words = eventWords(event.type, side);
  const details = event.details ?? {};
  const reason = text(details.reason);
  switch (event.type) {
    case 'reminder_sent': {
      const n = whole(details.reminder);
      const how = details.automatic === true ? 'automatic' : 'sent by the contractor';
      return n ? `${words} (reminder ${n}, ${how})` : words;
    }
    case 'link_extended': {
      const until = text(details.expires_at);
      return until ? `${words}, valid until ${shortUtcDate(until)}` : words;
    }
    case 'declined':
    case 'voided':
      return reason ? `${words}: “${reason}”` : words;
    case 'revised': {
      const id = whole(details.revision_id);
      return id ? `${words}: Contract #${id}` : words;
    }
    case 'created': {
      const of = whole(details.revision_of);
      return of ? `${words} as a revision of Contract #${of}` : words;
    }
    case 'language_changed': {
      const [from, to] = [languageName(details.from), languageName(details.to)];
      return from && to ? `${words} from ${from} to ${to}` : words;
    }
    case 'consented': {
      // Which disclosure, in which language, the client agreed to (issue 20).
      const version = text(details.disclosure_version);
      const language = languageName(details.disclosure_language) ?? 'English';
      return version ? `${words} (disclosure in ${language}, version ${version})` : words;
    }
    case 'signed_by_client':
    case 'viewed': {
      const link = linkWords(details);
      return link ? `${words} ${link}` : words;
    }
    default:
      return words;
  }
}
