/**
 * True when a write broke a UNIQUE constraint or index: SQLite's SQLITE_CONSTRAINT_UNIQUE (or
 * _PRIMARYKEY), PostgreSQL's SQLSTATE 23505. Callers turn it into the answer for a lost race.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return (
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    error.code === '23505'
  );
}
