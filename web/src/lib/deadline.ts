import { DeadlineError } from './failure';

/**
 * How long a person waits for a call before it fails with "This is taking too long"
 * (docs/decisions/036). Most calls answer in well under a second; these are generous so a slow
 * phone network is not mistaken for a dead server.
 */
export const DEFAULT_DEADLINE_MS = 20_000;

/**
 * Calls that may legitimately take longer: sending prints the contract once to count its pages,
 * a template's save prints it too, scope cleanup waits up to OLLAMA_TIMEOUT_MS (20 s by default)
 * for the model before its fallback, and the client's signature may print the executed copy.
 */
const LONGER_DEADLINES_MS: Record<string, number> = {
  'contracts.send': 45_000,
  'templates.create': 45_000,
  'templates.update': 45_000,
  'documents.retryExecutedCopy': 45_000,
  'scope.clean': 60_000,
};

export const SIGNING_DEADLINE_MS = 45_000;
export const DECLINE_DEADLINE_MS = DEFAULT_DEADLINE_MS;

/** The deadline of a tRPC request, `/trpc/a.b,c.d?batch=1`: the longest of its calls. */
export function trpcDeadlineMs(url: string): number {
  const paths = decodeURIComponent(url.split('?')[0]?.split('/trpc/')[1] ?? '').split(',');
  return Math.max(DEFAULT_DEADLINE_MS, ...paths.map((path) => LONGER_DEADLINES_MS[path] ?? 0));
}

/**
 * fetch, with its answer read whole, or a DeadlineError once `ms` pass. The timer is a plain
 * setTimeout (not AbortSignal.timeout) so a browser test can move the page's clock past it
 * instead of waiting (conventions: time comes in where tests must control it). The request is
 * aborted, never left running unseen.
 */
export async function fetchWithDeadline(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  ms: number,
): Promise<Response> {
  const controller = new AbortController();
  const deadline = new DeadlineError(ms);
  const timer = setTimeout(() => controller.abort(deadline), ms);
  const outer = init?.signal;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  try {
    const response = await fetch(input, { ...init, signal: controller.signal });
    // The body too: an answer whose headers came but whose body hangs is still waiting.
    const body = await response.arrayBuffer();
    return new Response([204, 205, 304].includes(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    throw controller.signal.reason === deadline ? deadline : error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}
