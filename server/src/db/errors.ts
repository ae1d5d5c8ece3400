/**
 * Whether a database error says a text value cannot be stored: PostgreSQL refuses the NUL
 * character (SQLSTATE 22021) that SQLite accepts. Requests carrying one get a 400, not a 500.
 */
export function isUnstorableText(error: unknown): boolean {
  const cause = (error as { cause?: { errno?: unknown } } | null)?.cause;
  return cause?.errno === '22021';
}
