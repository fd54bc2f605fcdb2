import { CONSENT_CHANGED, SIGNING_REFUSAL_HEADER } from '@domain/signing-island';
import { DECLINE_DEADLINE_MS, fetchWithDeadline, SIGNING_DEADLINE_MS } from '../lib/deadline';
import { failureOf, failureOfStatus, type Failure } from '../lib/failure';

/*
 * The island's two calls, with plain fetch and hand-written checks of the answers: the signing
 * page carries no zod and no tRPC (issue 20's budget). The server validates every input with
 * the same zod schemas as before (src/domain/esign.schemas.ts).
 */

export type SignOutcome =
  /** `contractSigned`: this was the last signature needed (issue 37); else others still sign. */
  | { kind: 'signed'; contractSigned: boolean }
  /** 409 (signed first elsewhere, declined, withdrawn, expired), or a 200 we cannot read. */
  | { kind: 'conflict' }
  /** 409: the notice changed since the page showed it; the server's sentence asks for a reload. */
  | { kind: 'consent-changed'; message: string }
  /** 404: the link is gone. */
  | { kind: 'invalid' }
  /** No network, 400, 429, 5xx or no answer in time: the client may try again. */
  | { kind: 'failed'; failure: Failure };

export type DeclineOutcome =
  | { kind: 'declined' }
  | { kind: 'conflict' }
  | { kind: 'invalid' }
  /** 400: the server's sentence about the reason. */
  | { kind: 'bad-input'; message: string }
  /** No network, 429, 5xx or no answer in time. */
  | { kind: 'failed'; failure: Failure };

/** The token is the page's own address: /esign/:token. */
export function signingUrlOf(pathname: string): string {
  return `/api/esign/${pathname.split('/')[2] ?? ''}`;
}

export async function submitSignature(
  url: string,
  input: {
    signature: string;
    signerName: string;
    consentVersion: string;
    consentSha256: string;
    language: string;
  },
): Promise<SignOutcome> {
  const response = await postJson(
    url,
    {
      signature: input.signature,
      signer_name: input.signerName,
      consent: true,
      consent_version: input.consentVersion,
      consent_sha256: input.consentSha256,
      consent_language: input.language,
      time_zone: browserTimeZone(),
    },
    SIGNING_DEADLINE_MS,
  );
  if (response instanceof Error) return { kind: 'failed', failure: failureOf(response) };
  if (response.status === 409 && response.headers.get(SIGNING_REFUSAL_HEADER) === CONSENT_CHANGED)
    return { kind: 'consent-changed', message: await response.text().catch(() => '') };
  if (response.status === 409) return { kind: 'conflict' };
  if (response.status === 404) return { kind: 'invalid' };
  if (!response.ok) return { kind: 'failed', failure: await failureOfAnswer(response) };
  const body = (await response.json().catch(() => null)) as {
    client_signed_at?: unknown;
    you_signed_at?: unknown;
  } | null;
  return typeof body?.you_signed_at === 'string'
    ? { kind: 'signed', contractSigned: typeof body.client_signed_at === 'string' }
    : { kind: 'conflict' };
}

/** `language` is the page's: a refused reason is explained in it. */
export async function submitDecline(
  url: string,
  reason: string,
  language: string,
): Promise<DeclineOutcome> {
  const response = await postJson(`${url}/decline`, { reason, language }, DECLINE_DEADLINE_MS);
  if (response instanceof Error) return { kind: 'failed', failure: failureOf(response) };
  if (response.status === 409) return { kind: 'conflict' };
  if (response.status === 404) return { kind: 'invalid' };
  if (response.status === 400) {
    const text = await response.text().catch(() => '');
    // The REST facade names the field first ("reason: ..."): the dialog shows the sentence.
    return { kind: 'bad-input', message: text.replace(/^reason: /, '') };
  }
  if (!response.ok) return { kind: 'failed', failure: await failureOfAnswer(response) };
  return { kind: 'declined' };
}

/**
 * A JSON POST with a deadline; the error when no answer came (no network on a job site, or
 * none in time).
 */
async function postJson(url: string, body: unknown, deadlineMs: number): Promise<Response | Error> {
  try {
    return await fetchWithDeadline(
      url,
      {
        method: 'POST',
        credentials: 'same-origin',
        // Errors as plain text (src/lib/error-handler.ts): their sentences are meant for people.
        headers: {
          'content-type': 'application/json',
          accept: 'text/plain, application/json;q=0.9',
        },
        cache: 'no-store',
        body: JSON.stringify(body),
      },
      deadlineMs,
    );
  } catch (error) {
    return error instanceof Error ? error : new TypeError('No answer');
  }
}

/**
 * A failed answer's cause; a proxy's HTML page has no sentence for a person. A refused field is
 * named first ("signer_name: ..."), for API callers: the page shows the sentence.
 */
async function failureOfAnswer(response: Response): Promise<Failure> {
  const type = response.headers.get('content-type') ?? '';
  const text = type.includes('text/plain')
    ? (await response.text().catch(() => '')).replace(/^[a-z_]+: /, '')
    : '';
  return failureOfStatus(response.status, text, response.headers.get('retry-after'), {
    signedInCall: false,
  });
}

/** The signer's time zone for the certificate of completion; absent when the browser hides it. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
