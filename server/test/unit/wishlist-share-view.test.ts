import { systemClock } from '../../src/clock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseHealth } from '../../src/db/health';
import type { AppContext } from '../../src/app-context';
import { createTokenSigner } from '../../src/auth/tokens';
import { createCookieSealer } from '../../src/auth/sealed-cookies';
import { loadConfig } from '../../src/config';
import { openSqliteStore } from '../../src/db/sqlite-store';
import { LocalFileStorage } from '../../src/storage/local-storage';
import type { Tables } from '../../src/db/store';
import { createServices } from '../../src/services';

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-share-view-'));
const ctx: AppContext = {
  clock: systemClock,
  config: loadConfig(['--data-dir', dataDir], {}),
  store: openSqliteStore(join(dataDir, 'wishwell.db')),
  files: new LocalFileStorage(join(dataDir, 'uploads')),
  databaseHealth: new DatabaseHealth(),
  tokens: createTokenSigner('test-secret'),
  sealer: createCookieSealer('test-secret'),
  version: 'test',
  defaultHostname: 'localhost',
};
const services = createServices(ctx);
afterAll(async () => {
  await ctx.store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh guest list, changed directly in the database as an admin action would change it. */
async function listWith(change: Partial<Tables['wishlists']['$inferInsert']>): Promise<string> {
  const { wishlist } = await services.wishlists.lists.createGuest({ name: 'Party', theme: 'Birthday' }, null, '203.0.113.9');
  const { wishlists } = ctx.store.tables;
  await ctx.store.db.update(wishlists).set(change).where(eq(wishlists.id, wishlist._id));
  return wishlist._id;
}

describe('share view visibility (spec: wishlist display status)', () => {
  it.each([
    ['deleted', { isDeleted: true }],
    ['disabled', { isDisabled: true }],
    ['expired', { expiresAt: new Date(Date.now() - 1000) }],
  ] as const)('hides a %s list from guests with "Could not find this wishlist."', async (_, change) => {
    const id = await listWith(change);
    await expect(services.wishlists.lists.sharedView(id)).rejects.toThrow('Could not find this wishlist.');
  });

  it('shows an active list, also one that expires later', async () => {
    const id = await listWith({ expiresAt: new Date(Date.now() + 60_000) });
    expect(JSON.parse(new TextDecoder().decode((await services.wishlists.lists.sharedView(id)).body))).toMatchObject({ _id: id, name: 'Party' });
  });
});
