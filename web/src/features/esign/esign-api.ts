import { ESIGN_CONSENT_VERSION } from '@domain/esign-consent';
import type { EsignView } from '@domain/esign.schemas';
import { fetchPublicJson, parsePublicAnswer } from '../../lib/public-api';

/*
 * The public signing page talks to REST with plain fetch, not the tRPC client: tRPC queries put
 * their input (here the signing token) in the query string, which ends up in logs
 * (docs/decisions/009), and the homeowner's phone should not download the tRPC and Query code at all.
 */

export type { EsignView };

export type LoadOutcome =
  | { kind: 'ready'; view: EsignView }
  /** Unknown, expired or voided token. */
  | { kind: 'invalid' }
  /**
   * The link may be fine but no answer came now (no network on a job site, 429, 5xx, a garbled
   * answer): the homeowner gets "try again", not a link declared dead.
   */
  | { kind: 'unavailable' };

export type SignOutcome =
  | { kind: 'signed'; clientSignedAt: string }
  /** 409, or a 200 we could not read: the server holds a signature, so reload and show it. */
  | { kind: 'already-signed' }
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
  const answer = parsePublicAnswer(fetched, schemas.esignViewSchema);
  return answer.kind === 'ok' ? { kind: 'ready', view: answer.data } : { kind: 'unavailable' };
}

/** Signs with the disclosure version this page showed (src/domain/esign-consent.ts). */
export async function submitSignature(token: string, signature: string): Promise<SignOutcome> {
  let response: Response;
  try {
    response = await fetch(signingUrl(token), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      cache: 'no-store',
      body: JSON.stringify({
        signature,
        consent: true,
        consent_version: ESIGN_CONSENT_VERSION,
        time_zone: browserTimeZone(),
      }),
    });
  } catch {
    return { kind: 'failed' };
  }
  if (response.status === 409) return { kind: 'already-signed' };
  if (response.status === 404) return { kind: 'invalid' };
  if (!response.ok) return { kind: 'failed' };
  const body: unknown = await response.json().catch(() => null);
  const parsed = (await schemasLoading)?.esignSignResultSchema.safeParse(body);
  return parsed?.success
    ? { kind: 'signed', clientSignedAt: parsed.data.client_signed_at }
    : { kind: 'already-signed' };
}

/** The signer's time zone for the certificate of completion; absent when the browser hides it. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
