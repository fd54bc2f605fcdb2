import { failureOf, HttpError } from './failure';
import { CONTRACTOR_FAILURE_WORDS, describeFailure } from './failure-words';

export { HttpError };

/**
 * The message a person should read from a failed call, by its cause: the server's own sentence
 * when it refused the input, otherwise what happened and what to do (no connection, our fault,
 * too slow, too many tries, signed out). Never a stack or a status code (docs/decisions/036).
 * `fallback` is for a failure with no words at all.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error === null || error === undefined) return fallback;
  return describeFailure(failureOf(error), CONTRACTOR_FAILURE_WORDS) || fallback;
}

/** Throws HttpError for a failed answer that is not JSON; JSON errors are the caller's to read. */
export async function rejectUnreadableFailure(response: Response): Promise<Response> {
  if (response.ok) return response;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response;
  const retryAfter = response.headers.get('retry-after');
  throw new HttpError(response.status, response.statusText, await response.text(), retryAfter);
}
