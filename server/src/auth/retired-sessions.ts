import { eq } from 'drizzle-orm';
import type { DataStore } from '../db/store';

/**
 * A restore ends every session issued before it by moving each account's token version past the
 * highest live one (features/backup); it also writes that version here, in instance_settings, so a
 * session refused afterwards can be told apart: one whose version is below it predates the restore.
 */
export const SESSIONS_RETIRED_BELOW = 'sessionsRetiredBelow';

/** The token version the last restore retired sessions below, or null when no restore has noted one. */
export async function restoreNote(store: DataStore): Promise<number | null> {
  const { instanceSettings } = store.tables;
  const [row] = await store.db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.name, SESSIONS_RETIRED_BELOW));
  return row === undefined ? null : Number(JSON.parse(row.value));
}

/** Whether a session of token version `version`, no longer valid, was ended by a restore. */
export function retiredByRestore(store: DataStore): (version: number) => Promise<boolean> {
  return async (version) => {
    const retiredBelow = await restoreNote(store);
    return retiredBelow !== null && version < retiredBelow;
  };
}
