import { eq } from 'drizzle-orm';
import type { DataStore } from '../db/store';

/**
 * A restore ends every session issued before it by moving each account's token version past the
 * highest live one (features/backup); it also writes that version here, in instance_settings, so a
 * session refused afterwards can be told apart: one whose version is below it predates the restore.
 */
export const SESSIONS_RETIRED_BELOW = 'sessionsRetiredBelow';

/** Whether a session of token version `version`, no longer valid, was ended by a restore. */
export function retiredByRestore(store: DataStore): (version: number) => Promise<boolean> {
  const { instanceSettings } = store.tables;
  return async (version) => {
    const [row] = await store.db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.name, SESSIONS_RETIRED_BELOW));
    return row !== undefined && version < Number(JSON.parse(row.value));
  };
}
