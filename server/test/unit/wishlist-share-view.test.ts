import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context';
import { createTokenSigner } from '../../src/auth/tokens';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/open';
import { wishlists } from '../../src/db/schema';
import { createServices } from '../../src/services';

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-share-view-'));
const ctx: AppContext = {
  config: loadConfig(['--data-dir', dataDir], {}),
  database: openDatabase(join(dataDir, 'wishwell.db')),
  tokens: createTokenSigner('test-secret'),
  version: 'test',
  defaultHostname: 'localhost',
};
const services = createServices(ctx);
afterAll(() => {
  ctx.database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh guest list, changed directly in the database as an admin action would change it. */
function listWith(change: Partial<typeof wishlists.$inferInsert>): string {
  const { wishlist } = services.wishlists.lists.createGuest({ name: 'Party', theme: 'Birthday' }, null);
  ctx.database.db.update(wishlists).set(change).where(eq(wishlists.id, wishlist._id)).run();
  return wishlist._id;
}

describe('share view visibility (spec: wishlist display status)', () => {
  it.each([
    ['deleted', { isDeleted: true }],
    ['disabled', { isDisabled: true }],
    ['expired', { expiresAt: new Date(Date.now() - 1000) }],
  ] as const)('hides a %s list from guests with "Could not find this wishlist."', (_, change) => {
    const id = listWith(change);
    expect(() => services.wishlists.lists.sharedView(id)).toThrow('Could not find this wishlist.');
  });

  it('shows an active list, also one that expires later', () => {
    const id = listWith({ expiresAt: new Date(Date.now() + 60_000) });
    expect(JSON.parse(new TextDecoder().decode(services.wishlists.lists.sharedView(id).body))).toMatchObject({ _id: id, name: 'Party' });
  });
});
