import { sql } from 'drizzle-orm';
import type { BatchRows } from './batch-rows';

/** SQLite reads the batch with json_each; a timestamp is stored as its milliseconds, so the JSON number is taken as it is. */
export const sqliteBatchRows: BatchRows = {
  rows: (json) => sql`json_each(${json})`,
  field: (index) => sql.raw(`value->>${index}`),
};
