/*
 * Readers for the routes' search parameters (validateSearch). Route options are part of the app's
 * entry, so zod schemas here would put the whole of zod on every page's critical path. A value
 * that is missing or malformed reads as absent, never as an error page.
 */

/** `?redirect=/contracts/5` and the like. */
export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `?id=12`: a positive whole number, given as a number or as its digits. */
export function optionalId(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** `?status=sent`: one of the given words, or absent. */
export function optionalOneOf<Word extends string>(
  value: unknown,
  words: readonly Word[],
): Word | undefined {
  return words.find((word) => word === value);
}

/** `?local=<uuid>`: a draft kept on this phone by the id the phone made for it (issue 40). */
export function optionalUuid(value: unknown): string | undefined {
  return typeof value === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value.toLowerCase()
    : undefined;
}
