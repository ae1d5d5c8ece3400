import { Database } from 'bun:sqlite';

/** Writes a consistent copy of `liveFile` to `intoFile` with `VACUUM INTO` on a second, read-only connection. */
export async function vacuumInto(liveFile: string, intoFile: string): Promise<void> {
  const reader = new Database(liveFile, { readonly: true });
  try {
    reader.run('VACUUM INTO ?', [intoFile]);
  } finally {
    reader.close();
  }
}
