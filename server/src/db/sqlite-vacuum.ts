/**
 * `VACUUM INTO` on a worker thread, on its own read-only connection: copying a large database
 * takes seconds of CPU and I/O that would otherwise stall every request on the event loop.
 */
import { sql } from 'drizzle-orm';
import { openSqliteThread } from './sqlite-thread';

/** Writes a consistent copy of `liveFile` (a WAL database in use) to `intoFile`. */
export async function vacuumInto(liveFile: string, intoFile: string): Promise<void> {
  const reader = await openSqliteThread(liveFile, { readonly: true });
  try {
    await reader.db.run(sql`VACUUM INTO ${intoFile}`);
  } finally {
    await reader.close();
  }
}
