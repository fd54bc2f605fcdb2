/** The message a person should read from a failed call: the server's text, never a stack. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

const BODY_SHOWN_CHARS = 160;

/**
 * The generic message for a failed call: the status code, a colon and a space, then
 * the body's text (cut short; a proxy's error page can be long), or the status text when the body
 * is empty: `502: Bad Gateway`, `500: Server exploded`.
 */
export function httpErrorMessage(status: number, statusText: string, body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const shown = text.length > BODY_SHOWN_CHARS ? `${text.slice(0, BODY_SHOWN_CHARS)}…` : text;
  return `${status}: ${shown || statusText}`;
}

/** A failed call whose answer is not ours to read (not JSON: a proxy page, a crash). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    body: string,
  ) {
    super(httpErrorMessage(status, statusText, body));
    this.name = 'HttpError';
  }
}

/** Throws HttpError for a failed answer that is not JSON; JSON errors are the caller's to read. */
export async function rejectUnreadableFailure(response: Response): Promise<Response> {
  if (response.ok) return response;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response;
  throw new HttpError(response.status, response.statusText, await response.text());
}
