/** What a backup says about itself (manifest.json, the archive's first entry). */
export interface BackupManifest {
  formatVersion: number;
  /** Number of migrations of the database it was taken from. */
  schemaVersion: number;
  appVersion: string;
  createdAt: string;
  engine: string;
  /** Rows per table, in the order the tables are restored. */
  tables: { name: string; rows: number }[];
  /** SHA-256 (hex) and size of every other entry, by entry name. */
  entries: Record<string, { sha256: string; bytes: number }>;
}

export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

/** Entry names: tables/{name}.ndjson and uploads/{file}. */
export const tableEntry = (table: string) => `tables/${table}.ndjson`;
export const UPLOADS_PREFIX = 'uploads/';
