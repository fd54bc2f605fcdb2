import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

/**
 * What the write load saw answered with a 2xx. A line is written (and fsynced) only after the
 * answer arrived, so after a crash the log lists writes the server promised to keep; a write
 * whose answer was lost may be in the database or not, and is not checked.
 */
export type LoadRecord =
  | { kind: 'signup'; email: string }
  | { kind: 'acceptance' }
  | { kind: 'draft'; n: number; id: number; clientEmail: string }
  | { kind: 'update'; id: number; total: number }
  | { kind: 'sign-mine'; id: number }
  | { kind: 'send'; id: number }
  | { kind: 'client-sign'; id: number }
  /** Every contract went through: the load ran out of work before the drill stopped it. */
  | { kind: 'done' };

export type LoadKind = LoadRecord['kind'];

/** An append-only log that survives the process being killed right after a write. */
export function openLoadLog(file: string): { append(record: LoadRecord): void; close(): void } {
  const fd = openSync(file, 'a');
  return {
    append(record) {
      writeSync(fd, `${JSON.stringify(record)}\n`);
      fsyncSync(fd);
    },
    close: () => closeSync(fd),
  };
}

/** The complete lines of the log (a line cut short by a kill is ignored). */
export function readLoadLog(file: string): LoadRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('}'))
    .map((line) => JSON.parse(line) as LoadRecord);
}

/** The records of one kind, typed. */
export function recordsOf<K extends LoadKind>(
  records: LoadRecord[],
  kind: K,
): Extract<LoadRecord, { kind: K }>[] {
  return records.filter(
    (record): record is Extract<LoadRecord, { kind: K }> => record.kind === kind,
  );
}
