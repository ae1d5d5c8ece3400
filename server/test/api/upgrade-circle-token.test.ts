import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CircleInvitePreview } from '@wishwell/shared/circle-types';
import { ApiClient } from '../support/api-client';
import { TEST_ENGINE, testDatabaseUrl } from '../support/engine';
import { createOldDatabase } from '../support/old-database';
import { startTestServer, withStore } from '../support/test-server';
import { hashSecret } from '../../src/ids';

// A database from before circles' join tokens were stored as hashes: the migration hashes each
// one, so an invite link handed out before the upgrade still works, and the database no longer
// holds a working link.

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-upgrade-circle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const TOKEN = 'an-invite-link-handed-out-before-the-upgrade';

describe(`upgrading a database with circles (${TEST_ENGINE})`, () => {
  it('keeps the invite links handed out before it working, and keeps only their hashes', async () => {
    await createOldDatabase(dataDir, await testDatabaseUrl(dataDir), 'circle-token-hash', async (db) => {
      const now = db.time(Date.now());
      await db.run("INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES ('old-user', 'Olga', 'olga@example.com', 'x', $1, $1)", [now]);
      await db.run("INSERT INTO circles (id, name, creator_id, join_token, created_at, updated_at) VALUES ('old-circle', 'Cousins', 'old-user', $1, $2, $2)", [TOKEN, now]);
      await db.run("INSERT INTO circle_members (circle_id, user_id, created_at) VALUES ('old-circle', 'old-user', $1)", [now]);
    });
    const server = await startTestServer({}, dataDir);
    try {
      const preview = await new ApiClient(server.url).get<CircleInvitePreview>(`/circles/join/${TOKEN}`);
      expect([preview.status, preview.body]).toEqual([200, { name: 'Cousins', createdBy: 'Olga', memberCount: 1 }]);
      const stored = await withStore(server, (store) => store.db.select({ hash: store.tables.circles.joinTokenHash }).from(store.tables.circles));
      expect(stored).toEqual([{ hash: hashSecret(TOKEN) }]);
    } finally {
      await server.stop();
    }
  });
});
