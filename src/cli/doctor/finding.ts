/** What one check found: `ok` needs nothing, `warn` works but is worth a look, `fail` must be fixed. */
export interface Finding {
  level: 'ok' | 'warn' | 'fail';
  /** Plain words, one line. */
  message: string;
  /** Exactly what to do; every warn and fail has one. */
  fix?: string;
}

export const ok = (message: string): Finding => ({ level: 'ok', message });
export const warn = (message: string, fix: string): Finding => ({ level: 'warn', message, fix });
export const fail = (message: string, fix: string): Finding => ({ level: 'fail', message, fix });

const LABELS = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } satisfies Record<
  Finding['level'],
  string
>;

/** The finding as the lines a person reads: labels padded so the words line up. */
export function formatFinding(finding: Finding): string[] {
  const lines = [`${LABELS[finding.level]} ${finding.message}`];
  if (finding.fix) lines.push(`     fix: ${finding.fix}`);
  return lines;
}

/** The first line of an error, without the library's own prefix: enough to act on, never a stack. */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  return firstLine.replace(/\s+/g, ' ').trim() || 'no reason given';
}

/** A file system error in words, without the path the caller already names. */
export function fileReasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'the disk is full';
  return reasonOf(error);
}
