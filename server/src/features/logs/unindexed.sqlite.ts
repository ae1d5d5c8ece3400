import { sql, type SQL } from 'drizzle-orm';
import type { TableColumn } from '../../db/store';

/** `column` in a form SQLite uses no index for (unary +), so its planner walks the ORDER BY's index instead. */
export const sqliteUnindexed = (column: TableColumn): SQL => sql`+${column}`;
