import { sql } from 'drizzle-orm';
import type { BatchRows } from './batch-rows';

/** A field of a row (text, as `->>` reads it) as each kind. */
const AS: Record<Parameters<BatchRows['field']>[1], (text: string) => string> = {
  text: (text) => text,
  integer: (text) => `(${text})::integer`,
  timestamp: (text) => `to_timestamp((${text})::double precision / 1000)`,
};

export const pgBatchRows: BatchRows = {
  // Through text: a parameter typed json is sent as a JSON value, so the array's text would arrive as one JSON string.
  rows: (json) => sql`json_array_elements(${json}::text::json)`,
  field: (index, as) => sql.raw(AS[as](`value->>${index}`)),
};
