import { ESIGN_CONSENT_VERSION } from '@domain/esign-consent';
import type { EsignClosedView, EsignView } from '@domain/esign.schemas';
import { fetchPublicJson, parsePublicAnswer } from '../../lib/public-api';

/*
 * The public signing page talks to REST with plain fetch, not the tRPC client: tRPC queries put
 * their input (here the signing token) in the query string, which ends up in logs
 * (docs/decisions/009), and the homeowner's phone should not download the tRPC and Query code at all.
 */

export type { EsignClosedView, EsignView };

export type LoadOutcome =
  /** Awaiting the client's signature, or signed: the document. */
  | { kind: 'ready'; view: EsignView }
  /** Expired, declined or withdrawn: no document, only who to ask (issue 17). */
  | { kind: 'closed'; view: EsignClosedView }
  /** Unknown token. */
  | { kind: 'invalid' }
  /**
   * The link may be fine but no answer came now (no network on a job site, 429, 5xx, a garbled
   * answer): the homeowner gets "try again", not a link declared dead.
   */
  | { kind: 'unavailable' };

export type SignOutcome =
  | { kind: 'signed'; clientSignedAt: string }
  /**
   * 409 (signed first elsewhere, or declined, withdrawn or expired meanwhile), or a 200 we could
   * not read: reload and show what the server holds.
   */
  | { kind: 'conflict' }
  | { kind: 'invalid' }
  /** Network error, 400, 429 or 5xx: nothing was recorded, so the client may try again. */
  | { kind: 'failed' };

const signingUrl = (token: string) => `/api/esign/${encodeURIComponent(token)}`;

/**
 * The answers' schemas are a chunk of their own: building them (with the contract schemas they
 * import) holds a slow phone for tens of milliseconds, which here happens in a task of its own
 * instead of inside the page's first long task. Requested as soon as the page's code runs, so it
 * arrives while the page renders. Null when the chunk could not be fetched.
 */
const schemasLoading = import('@domain/esign.schemas').catch(() => null);

export async function loadSigningView(token: string, signal?: AbortSignal): Promise<LoadOutcome> {
  const [fetched, schemas] = await Promise.all([
    fetchPublicJson(signingUrl(token), signal),
    schemasLoading,
  ]);
  if (fetched.kind === 'not-found') return { kind: 'invalid' };
  if (!schemas) return { kind: 'unavailable' };
  const answer = parsePublicAnswer(fetched, schemas.esignAnswerSchema);
  if (answer.kind !== 'ok') return { kind: 'unavailable' };
  const view = answer.data;
  // The union's two members are told apart by status; `in` narrows it for TypeScript.
  return 'template_html' in view ? { kind: 'ready', view } : { kind: 'closed', view };
}

/** Signs with the disclosure version this page showed (src/domain/esign-consent.ts). */
export async function submitSignature(token: string, signature: string): Promise<SignOutcome> {
  const response = await postJson(signingUrl(token), {
    signature,
    consent: true,
    consent_version: ESIGN_CONSENT_VERSION,
    time_zone: browserTimeZone(),
  });
  if (response?.status === 409) return { kind: 'conflict' };
  if (response?.status === 404) return { kind: 'invalid' };
  if (!response?.ok) return { kind: 'failed' };
  const body: unknown = await response.json().catch(() => null);
  const parsed = (await schemasLoading)?.esignSignResultSchema.safeParse(body);
  return parsed?.success
    ? { kind: 'signed', clientSignedAt: parsed.data.client_signed_at }
    : { kind: 'conflict' };
}

export type DeclineOutcome =
  | { kind: 'declined'; closedAt: string }
  /** 409 (signed, withdrawn or expired meanwhile), or a 200 we could not read: reload. */
  | { kind: 'conflict' }
  | { kind: 'invalid' }
  /** 400: the server's sentence about the reason. */
  | { kind: 'bad-input'; message: string }
  /** Network error, 429 or 5xx: nothing was recorded; `busy` for 429. */
  | { kind: 'failed'; busy: boolean };

/** The client declines, with the reason the contractor is emailed (issue 17). */
export async function submitDecline(token: string, reason: string): Promise<DeclineOutcome> {
  const response = await postJson(`${signingUrl(token)}/decline`, { reason });
  if (response?.status === 409) return { kind: 'conflict' };
  if (response?.status === 404) return { kind: 'invalid' };
  if (response?.status === 400) {
    const text = await response.text().catch(() => '');
    // The REST facade names the field first ("reason: ..."): the dialog says which field.
    return { kind: 'bad-input', message: text.replace(/^reason: /, '') || 'Invalid input' };
  }
  if (!response?.ok) return { kind: 'failed', busy: response?.status === 429 };
  const body: unknown = await response.json().catch(() => null);
  const schemas = await import('@domain/follow-up.schemas').catch(() => null);
  const parsed = schemas?.declineResultSchema.safeParse(body);
  return parsed?.success
    ? { kind: 'declined', closedAt: parsed.data.closed_at }
    : { kind: 'conflict' };
}

/** A JSON POST of the signing page; null when no answer came (no network). */
async function postJson(url: string, body: unknown): Promise<Response | null> {
  try {
    return await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      cache: 'no-store',
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

/** The signer's time zone for the certificate of completion; absent when the browser hides it. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
