import type { z } from 'zod';

/**
 * Turns a zod error into one short line a person can act on, naming the field when there is one:
 * "password: At least 6 characters". REST error bodies are this text.
 */
export function describeValidationError(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input';
  const field = first.path.map(String).join('.');
  return field ? `${field}: ${first.message}` : first.message;
}
