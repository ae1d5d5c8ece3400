import { SQL as BunSql } from 'bun';
import { getTableName, is, sql, Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/bun-sql';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { afterCommit, committing } from './after-commit';
import { postgresChangeFeed } from './change-feed';
import { applyPostgresMigrations } from './migrate';
import { postgresRateCounts } from './pg-rate-counts';
import { postgresSharedSecret } from './pg-shared-secrets';
import * as pgTables from './schema/pg';
import type { DataStore, Db, SqlDialect, Tables } from './store';

const postgresDialect: SqlDialect = {
  likeIgnoringCase: (value, pattern) => sql`${value} ILIKE ${pattern} ESCAPE '\\'`,
};

/** Connections per process; PostgreSQL's default max_connections (100) leaves room for several replicas. */
const POOL_SIZE = 10;

/**
 * Services are typed against the SQLite Drizzle types. The PostgreSQL tables are generated
 * from the same model (same table keys, JS column keys, value types and nullability; a unit
 * test checks it), and the pg query builder has the same calls services make (select, insert,
 * update, delete, returning, onConflictDoNothing, prepare/execute, transaction), so the
 * PostgreSQL instance and tables are handed out under the SQLite types: this is the one cast.
 */
const asServiceDb = (db: unknown) => db as Db;

/** A session advisory lock (keyed by the job's name) held on one reserved connection while the job runs. */
async function runExclusive(client: BunSql, name: string, job: () => Promise<void>): Promise<boolean> {
  const connection = await client.reserve();
  try {
    const [row] = await connection<{ locked: boolean }[]>`SELECT pg_try_advisory_lock(hashtext(${name})) AS locked`;
    if (!row?.locked) return false;
    try {
      await job();
      return true;
    } finally {
      await connection`SELECT pg_advisory_unlock(hashtext(${name}))`;
    }
  } finally {
    connection.release();
  }
}

/**
 * PostgreSQL (DATABASE_URL) through Bun's built-in client and Drizzle's bun-sql driver. Pending
 * migrations are applied first, under an advisory lock. Each statement outside a transaction
 * runs on its own: no group commit (a failed statement aborts a whole PostgreSQL transaction).
 * `schema`: the store works in that schema instead of public (a restore's staging schema; it
 * must exist).
 */
export async function openPostgresStore(url: string, schema?: string): Promise<DataStore> {
  const client = new BunSql(url, { max: POOL_SIZE, ...(schema ? { connection: { search_path: schema } } : {}) });
  const schemaVersion = await applyPostgresMigrations(client, schema).catch(async (error: unknown) => {
    await client.close();
    throw error;
  });
  const db = drizzle({ client });
  // A staging schema's store (a restore) serves no requests: only the live one shares counts.
  const rateCounts = schema ? null : await postgresRateCounts(client);
  const inTransaction: DataStore['transaction'] = (work) => committing((held) => db.transaction((tx) => held(asServiceDb(tx))), work);
  return {
    engine: 'postgres',
    db: asServiceDb(db),
    tables: pgTables as unknown as Tables,
    dialect: postgresDialect,
    schemaVersion,
    transaction: inTransaction,
    afterCommit,
    lockedTransaction: (name, work) =>
      committing(
        (held) =>
          db.transaction(async (tx) => {
            await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`);
            return held(asServiceDb(tx));
          }),
        work,
      ),
    readSnapshot: (work) => db.transaction((tx) => work(asServiceDb(tx)), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
    groupCommit: (write) => write(asServiceDb(db)),
    groupTransaction: inTransaction,
    compoundWrite: (write) => write(asServiceDb(db)),
    prepared: (prepare) => preparedOnce(asServiceDb(db), prepare),
    writeOffThread: async (statements) => {
      await client.begin(async (tx) => {
        for (const { sql: text, params } of statements) await tx.unsafe(text, params);
      });
    },
    changes: postgresChangeFeed(client),
    rateCounts,
    runExclusive: (name, job) => runExclusive(client, name, job),
    sharedSecret: (name, proposed) => postgresSharedSecret(client, name, proposed),
    ping: async () => (await client<{ ok: number }[]>`SELECT 1 AS ok`)[0]?.ok === 1,
    integrityProblems: () => readEveryTable(client),
    close: () => client.close({ timeout: 5 }),
  };
}

/** The connection a Drizzle bun-sql instance runs its statements on: the pool's, or a transaction's reserved one. */
const connectionOf = (db: Db) => (db as unknown as { session: { client: BunSql } }).session.client;

/**
 * Statements built once on the pool's instance. Drizzle's PostgreSQL transaction is a new
 * instance each time, so preparing per instance would assemble every statement's SQL again in
 * each transaction (two thirds of a purchase's CPU); instead a transaction gets the same
 * prepared statements bound to its connection. A bun-sql prepared query keeps its connection in
 * `client` and reads everything else (SQL text, parameters, result mapping) from itself, so the
 * bound copy is an object over the original with only `client` its own.
 */
function preparedOnce<P>(poolDb: Db, prepare: (db: Db) => P): (db: Db) => P {
  let statements: P | undefined;
  return (db) => {
    statements ??= prepare(poolDb);
    return db === poolDb ? statements : onConnection(statements, connectionOf(db));
  };
}

function onConnection<P>(statements: P, client: BunSql): P {
  if (is(statements, PgPreparedQuery)) return Object.create(statements, { client: { value: client } }) as P;
  return Object.fromEntries(Object.entries(statements as object).map(([name, statement]) => [name, onConnection(statement, client)])) as P;
}

/**
 * PostgreSQL has no integrity_check: reading every row of every table (with data checksums on,
 * a damaged page fails the read) is the check; each failing table is a problem.
 */
async function readEveryTable(client: BunSql): Promise<string[]> {
  const problems: string[] = [];
  const tables: unknown[] = Object.values(pgTables);
  for (const table of tables) {
    if (!is(table, Table)) continue;
    const name = getTableName(table);
    await client.unsafe(`SELECT count(*) FROM "${name}"`).catch((error: unknown) => problems.push(`${name}: ${(error as Error).message}`));
  }
  return problems;
}
