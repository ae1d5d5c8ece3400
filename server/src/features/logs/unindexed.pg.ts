import { sql, type SQL } from 'drizzle-orm';
import type { TableColumn } from '../../db/store';

/** PostgreSQL chooses between the match's indexes and the ORDER BY's by its statistics: the column as is. */
export const pgUnindexed = (column: TableColumn): SQL => sql`${column}`;
