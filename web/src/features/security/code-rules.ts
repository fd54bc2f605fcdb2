import { recoveryCodeSchema, totpCodeSchema } from '@domain/two-factor.schemas';
import type { CodeKind } from './code-field';

/** The form's check of a typed code: the server's own rule and words, or null when it fits. */
export function codeProblem(kind: CodeKind, value: string): string | null {
  const parsed = (kind === 'code' ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Required');
}
