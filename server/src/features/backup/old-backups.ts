import { existsSync } from 'node:fs';
import { oldVisitorProfile } from '../../db/backfills';
import type { DataStore, Tables } from '../../db/store';
import { visitorProfileRow } from '../../db/visitor-profile';
import type { BackupManifest } from './manifest';
import { linesOf } from './ndjson';

const INSERT_BATCH = 200;

/**
 * Rows of backups older than this version, brought up to date after loading, as the migrations do
 * for a live database. Backups from before claims hold purchases on the item rows only (the units
 * in `quantityPurchased`, the buyers' names in `purchasedBy`): each bought item gets one claim
 * with those units and names (no manage link), so counts, names and re-list stay right.
 */
export async function upgradeOldRows(tx: DataStore['db'], tables: Tables, manifest: BackupManifest, itemsFile: string): Promise<void> {
  if (manifest.tables.some((table) => table.name === 'claims') || !existsSync(itemsFile)) return;
  let batch: (typeof tables.claims.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length > 0) await tx.insert(tables.claims).values(batch);
    batch = [];
  };
  for await (const lines of linesOf(itemsFile)) {
    for (const line of lines) {
      if (!line) continue;
      const item = JSON.parse(line) as { id: string; wishlistId: string; quantityPurchased?: number; purchasedBy?: unknown; updatedAt: string };
      if (!item.quantityPurchased || item.quantityPurchased <= 0) continue;
      const at = new Date(item.updatedAt);
      const name = typeof item.purchasedBy === 'string' ? item.purchasedBy : '';
      batch.push({ id: `migrated-${item.id}`, itemId: item.id, wishlistId: item.wishlistId, quantity: item.quantityPurchased, name, createdAt: at, updatedAt: at });
      if (batch.length >= INSERT_BATCH) await flush();
    }
  }
  await flush();
}

/**
 * Visitor log rows of backups from before visitor_profiles carry their domain, place and user
 * agent themselves (decodeRow names their profile): the profiles are written before the rows.
 */
export async function insertOldVisitorProfiles(tx: DataStore['db'], tables: Tables, tableName: string, rows: Record<string, unknown>[]): Promise<void> {
  if (tableName !== 'visitor_logs') return;
  const profiles = new Map(rows.filter((row) => 'userAgent' in row).map((row) => visitorProfileRow(oldVisitorProfile(row))).map((profile) => [profile.id, profile]));
  if (profiles.size > 0) await tx.insert(tables.visitorProfiles).values([...profiles.values()]).onConflictDoNothing();
}
