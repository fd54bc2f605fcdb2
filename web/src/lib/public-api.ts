import type { z } from 'zod';
import { takeFirstScreenResponse } from './first-screen-data';

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
 * The GET of getPublicJson without the check, for a page that loads the call's schema while the
 * request is on its way (then parsePublicAnswer). On the page's first load the answer may already
 * be on its way: index.html's first-screen script asks for some pages' data (first-screen-data.ts).
 */
export async function fetchPublicJson(
  url: string,
  signal?: AbortSignal,
): Promise<PublicAnswer<unknown>> {
  const early = await takeFirstScreenResponse(url);
  let response: Response;
  try {
    response =
      early ??
      (await fetch(url, {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
        cache: 'no-store',
        signal,
      }));
  } catch {
    return { kind: 'unavailable' };
  }
  if (response.status === 404) return { kind: 'not-found' };
  if (!response.ok) return { kind: 'unavailable' };
  return { kind: 'ok', data: await response.json().catch(() => null) };
}

/** An answer of the wrong shape is 'unavailable', like a failed request. */
export function parsePublicAnswer<S extends z.ZodType>(
  answer: PublicAnswer<unknown>,
  schema: S,
): PublicAnswer<z.output<S>> {
  if (answer.kind !== 'ok') return answer;
  const parsed = schema.safeParse(answer.data);
  return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'unavailable' };
}
