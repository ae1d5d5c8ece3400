import { is, Placeholder } from 'drizzle-orm';
import type { RawStatement } from './store';

/**
 * A query's SQL assembled once (`query.toSQL()` with `sql.placeholder(name)` parameters), then
 * as a statement with the placeholders' values for each run: for `DataStore.writeOffThread`,
 * which runs SQL text outside Drizzle.
 */
export function rawStatement(query: { toSQL(): { sql: string; params: unknown[] } }): (values: Record<string, unknown>) => RawStatement {
  const { sql, params } = query.toSQL();
  return (values) => ({ sql, params: params.map((param) => (is(param, Placeholder) ? values[param.name] : param)) });
}
