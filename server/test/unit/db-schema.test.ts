import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schemaSource, type Dialect } from '@wishwell/tooling/db/schema-source';
import { MODEL } from '../../src/db/model';
import * as pg from '../../src/db/schema/pg';
import * as sqlite from '../../src/db/schema/sqlite';

const DB_DIR = join(import.meta.dirname, '..', '..', 'src', 'db');

/** Table key -> SQL name, and per column: JS key -> [SQL name, nullable, has default]. */
function shape(schema: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(schema).map(([key, table]) => [
      key,
      {
        name: getTableName(table as Table),
        columns: Object.fromEntries(
          Object.entries(getTableColumns(table as Table)).map(([columnKey, column]) => [columnKey, [column.name, !column.notNull, column.hasDefault]]),
        ),
      },
    ]),
  );
}

describe('the generated schemas', () => {
  it.each(['sqlite', 'pg'] as Dialect[])('schema/%s.ts is what `bun run db:generate` writes from model.ts (not stale, not hand-edited)', (dialect) => {
    expect(readFileSync(join(DB_DIR, 'schema', `${dialect}.ts`), 'utf8')).toBe(schemaSource(dialect));
  });

  it('SQLite and PostgreSQL agree on tables, columns, JS keys, nullability and defaults', () => {
    expect(shape(pg)).toEqual(shape(sqlite));
    expect(Object.keys(sqlite).sort()).toEqual(MODEL.map((t) => t.key).sort());
  });

  it('every migration folder has what the embedded index lists', async () => {
    const { PG_MIGRATIONS, SQLITE_MIGRATIONS } = await import('../../src/db/migrations');
    for (const [dialect, migrations] of [['sqlite', SQLITE_MIGRATIONS], ['pg', PG_MIGRATIONS]] as const) {
      const journal = JSON.parse(readFileSync(join(DB_DIR, 'migrations', dialect, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      expect(migrations.map((m) => m.name)).toEqual(journal.entries.map((e) => e.tag));
    }
  });
});
