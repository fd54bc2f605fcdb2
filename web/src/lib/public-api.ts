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
  const parsed = schema.safeParse(await response.json().catch(() => null));
  return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'unavailable' };
}
