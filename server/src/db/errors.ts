/**
 * Whether a database error says a text value cannot be stored: PostgreSQL refuses the NUL
 * character (SQLSTATE 22021) that SQLite accepts. Requests carrying one get a 400, not a 500.
 */
export function isUnstorableText(error: unknown): boolean {
  const cause = (error as { cause?: { errno?: unknown } } | null)?.cause;
  return cause?.errno === '22021';
}

/**
 * Whether a database error is a broken constraint (foreign key, unique, not null, check): SQLite's
 * SQLITE_CONSTRAINT_* codes, PostgreSQL's SQLSTATE class 23.
 */
export function isConstraintViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; errno?: unknown; cause?: unknown } | null; current; current = current.cause as typeof current) {
    if (typeof current.code === 'string' && current.code.startsWith('SQLITE_CONSTRAINT')) return true;
    if (typeof current.errno === 'string' && current.errno.startsWith('23')) return true;
  }
  return false;
}
