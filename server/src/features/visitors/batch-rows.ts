import type { SQL } from 'drizzle-orm';
import type { Engine } from '../../db/store';
import { pgBatchRows } from './batch-rows.pg';
import { sqliteBatchRows } from './batch-rows.sqlite';

/**
 * A batch of rows travelling as one parameter, the JSON text of an array of arrays (one statement
 * for the whole batch, instead of Drizzle assembling a multi-row INSERT): the engines read it
 * with their own JSON functions.
 */
export interface BatchRows {
  /** The array's elements as rows of one column, `value`. */
  rows(json: unknown): SQL;
  /** Field `index` of a row's `value`: as text, an integer, or a timestamp when it holds milliseconds since 1970. */
  field(index: number, as: 'text' | 'integer' | 'timestamp'): SQL;
}

export const batchRowsOf = (engine: Engine): BatchRows => (engine === 'sqlite' ? sqliteBatchRows : pgBatchRows);
