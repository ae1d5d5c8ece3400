import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where the admin console keeps backups, and how their files are named. */
export const BACKUPS_FOLDER = 'backups';
const BACKUP_FILE = /^wishlist-backup-.*\.gz$/;

/** The newest backup file in `{dataDir}/backups`, or null when there is none. */
export function newestBackup(dataDir: string): string | null {
  const folder = join(dataDir, BACKUPS_FOLDER);
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => BACKUP_FILE.test(name));
  } catch {
    return null;
  }
  const newest = names
    .map((name) => ({ path: join(folder, name), modified: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.modified - a.modified)[0];
  return newest?.path ?? null;
}

/** The database failed its integrity check: the server must not start on it. */
export class DatabaseDamaged extends Error {
  constructor(file: string, problems: string[], dataDir: string) {
    const backup = newestBackup(dataDir);
    super(
      [
        `The database file ${file} is damaged, so Wishwell will not start on it (nothing was changed).`,
        `SQLite's check found: ${problems.slice(0, 3).join('; ')}`,
        backup
          ? `The newest backup is ${backup}. To restore it: keep the damaged file aside (mv ${file} ${file}.damaged, and remove ${file}-wal and ${file}-shm), start Wishwell on the empty data directory and restore the backup from the admin console (Backup & Restore).`
          : `No backup was found in ${join(dataDir, BACKUPS_FOLDER)}. Keep the damaged file aside (mv ${file} ${file}.damaged) and try 'sqlite3 ${file}.damaged .recover' to save what can be read.`,
      ].join('\n'),
    );
    this.name = 'DatabaseDamaged';
  }
}

/**
 * SQLite codes that say the file cannot be read as a database: damage. A file or folder this user
 * may not open or write (CANTOPEN, READONLY: permissions, a read-only mount) or a full disk is not.
 */
const DAMAGED_SQLITE = /^SQLITE_(CORRUPT|NOTADB|IOERR)/;

/** Whether opening or checking the SQLite file failed because the file is damaged. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DAMAGED_SQLITE.test(code);
}

/** Error codes that mean the database itself is failing (not a refused write such as a constraint). */
const FAILING_SQLITE = /^SQLITE_(CORRUPT|NOTADB|IOERR|CANTOPEN|FULL|READONLY)/;
const FAILING_POSTGRES = /^(08|57P|58|XX)/; // connection, operator intervention, system, internal (XX001 data corrupted)
const FAILING_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/**
 * The database failure behind an error (its cause chain included), or null if it is not one. Bun's
 * PostgreSQL client gives the SQLSTATE as `errno` (its `code` names the client's error class).
 */
export function databaseFailure(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, errno } = current as { code?: unknown; errno?: unknown };
    const failing = [code, errno].find((each): each is string => typeof each === 'string' && (FAILING_SQLITE.test(each) || FAILING_POSTGRES.test(each) || FAILING_NETWORK.has(each)));
    if (failing) return `${failing}: ${(current as { message?: string }).message ?? ''}`.trim();
  }
  return null;
}

/**
 * What /health reports about the database besides its ping: the last query that failed because
 * the database itself is failing. It stays reported for a while, so a probe between failures
 * does not say all is well.
 */
export class DatabaseHealth {
  private lastFailure: { at: number; reason: string } | null = null;

  constructor(
    private readonly reportForMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the error if it is a database failure; returns whether it was. */
  record(error: unknown): boolean {
    const reason = databaseFailure(error);
    if (reason) this.lastFailure = { at: this.now(), reason };
    return reason !== null;
  }

  recordProblems(problems: string[]): void {
    if (problems.length > 0) this.lastFailure = { at: this.now(), reason: `integrity check: ${problems.slice(0, 3).join('; ')}` };
  }

  /** The recent failure's reason, or null when none happened lately. */
  recentFailure(): string | null {
    if (!this.lastFailure || this.now() - this.lastFailure.at > this.reportForMs) return null;
    return this.lastFailure.reason;
  }
}
