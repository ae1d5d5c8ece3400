import type { ChangeFeed } from '../db/change-feed';

/** The change feed channel carrying the id of an account whose credentials changed. */
const CREDENTIALS_CHANNEL = 'wishwell_credentials';

/**
 * Tells every process sharing the database (the CLI's too, on PostgreSQL) that what proves
 * `userId` changed: signed out, new password, admin role, disabled, deleted, an API token revoked.
 * Requests check their credentials anyway; long-lived connections (the admin event stream) check
 * theirs again when they hear this. The change is already saved: a lost notice only delays that.
 */
export async function announceCredentialChange(changes: ChangeFeed, userId: string): Promise<void> {
  await changes.publish(CREDENTIALS_CHANNEL, userId).catch((error: unknown) => console.error('could not announce a change of credentials:', error));
}

/** Calls `listener` with the id of every account whose credentials change, here or in another process. */
export function onCredentialChange(changes: ChangeFeed, listener: (userId: string) => void): Promise<unknown> {
  return changes.subscribe(CREDENTIALS_CHANNEL, listener);
}
