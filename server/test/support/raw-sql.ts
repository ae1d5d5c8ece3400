import { Database } from 'bun:sqlite';
import { SQL } from 'bun';
import { databaseFile } from '../../src/db/open-store';
import type { TestServer } from './test-server';

/** Runs one statement and answers its rows: `?` parameters on SQLite, `$1` on PostgreSQL (as Drizzle's toSQL() writes them). */
export type RawQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Plain SQL on a running test server's database over a connection of its own (one connection on
 * PostgreSQL, so a SET holds for the statements after it): triggers, EXPLAIN.
 */
export async function withRawSql<T>(server: Pick<TestServer, 'dataDir' | 'databaseUrl'>, work: (query: RawQuery) => Promise<T>): Promise<T> {
  if (server.databaseUrl === null) {
    const sqlite = new Database(databaseFile(server.dataDir));
    try {
      return await work(async (text, params = []) => sqlite.query(text).all(...(params as never[])) as Record<string, unknown>[]);
    } finally {
      sqlite.close();
    }
  }
  const client = new SQL(server.databaseUrl, { max: 1 });
  try {
    return await work(async (text, params = []) => [...(await client.unsafe(text, params))] as Record<string, unknown>[]);
  } finally {
    await client.close();
  }
}
