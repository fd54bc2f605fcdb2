import type { z } from 'zod';

export type PublicAnswer<T> =
  | { kind: 'ok'; data: T }
  /** 404: the thing asked for does not exist (or is not for us to see). */
  | { kind: 'not-found' }
  /** No network, 429, 5xx or an answer of the wrong shape: worth trying again later. */
  | { kind: 'unavailable' };

/**
 * A GET for the public pages (signing, verification): plain fetch, never cached, answer checked
 * with the call's schema. These pages load no tRPC client and need no account.
 */
export async function getPublicJson<S extends z.ZodType>(
  url: string,
  schema: S,
  signal?: AbortSignal,
): Promise<PublicAnswer<z.output<S>>> {
  return parsePublicAnswer(await fetchPublicJson(url, signal), schema);
}

/**
 * The GET of getPublicJson, before its answer is checked.
 */
async function fetchPublicJson(url: string, signal?: AbortSignal): Promise<PublicAnswer<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal,
    });
  } catch {
    return { kind: 'unavailable' };
  }
  if (response.status === 404) return { kind: 'not-found' };
  if (!response.ok) return { kind: 'unavailable' };
  return { kind: 'ok', data: await response.json().catch(() => null) };
}

/** An answer of the wrong shape is 'unavailable', like a failed request. */
function parsePublicAnswer<S extends z.ZodType>(
  answer: PublicAnswer<unknown>,
  schema: S,
): PublicAnswer<z.output<S>> {
  if (answer.kind !== 'ok') return answer;
  const parsed = schema.safeParse(answer.data);
  return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'unavailable' };
}
