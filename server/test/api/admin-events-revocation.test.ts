import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../support/api-tokens';
import { runCli } from '../support/cli';
import { SseConnection } from '../support/sse-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';

// The admin event stream carries scrape failures (links, who asked) and backup outcomes: it must
// end the moment the credentials it was opened with stop proving an admin, not run on for hours.
// Keep-alives are a minute apart here, so a stream that ends did not wait for one.
let server: TestServer;
let owner: Account;
let ownersStream: SseConnection;
const open: SseConnection[] = [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EVENTS_KEEPALIVE_SECONDS: '60', RATE_LIMIT_SCRAPE_USER: '1000', RATE_LIMIT_SCRAPE_IP: '1000' });
  owner = await signUp(server.url, 'Owner'); // the first account: an admin
  ownersStream = await stream({ authorization: `Bearer ${owner.token}` });
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await server.stop();
});

async function stream(headers: Record<string, string>): Promise<SseConnection> {
  const connection = await SseConnection.open(`${server.url}/api/v1/admin/events`, headers);
  open.push(connection);
  expect(connection.response.status).toBe(200);
  return connection;
}

const cookieOf = (account: Account) => [...account.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function cli(action: 'promote' | 'demote', account: Account): Promise<void> {
  const run = await runCli(['admin', action, account.email, '--data-dir', server.dataDir], server.cliEnv);
  expect(run.exitCode, run.stderr).toBe(0);
}

/** A second admin, promoted by the operator. */
async function anotherAdmin(name: string): Promise<Account> {
  const account = await signUp(server.url, name);
  await cli('promote', account);
  return account;
}

/** A scrape the server refuses (a private address): scrape.failed goes to every admin stream. */
async function failScrape(url: string): Promise<void> {
  expect((await owner.client.post('/scrape', { url })).status).toBeGreaterThanOrEqual(400);
}

/** The owner's stream is untouched by another account's change: it still gets the next event. */
async function ownerStillHears(url: string): Promise<void> {
  const before = ownersStream.messages.length;
  await failScrape(url);
  const [event] = (await ownersStream.waitForMessages(before + 1)).slice(before);
  expect(JSON.parse(event!.data).url).toBe(url);
}

describe('an open admin event stream ends at once when its credentials stop proving an admin', () => {
  it('signing out (the cookie session the stream was opened with)', async () => {
    const admin = await anotherAdmin('Sally');
    const connection = await stream({ cookie: cookieOf(admin) });
    expect((await admin.client.post('/users/logout')).status).toBe(200);
    await connection.waitForEnd(2000);
    await ownerStillHears('http://10.1.0.1/after-sign-out');
    expect(connection.messages).toEqual([]);
  });

  it('changing the password; a stream opened with the new session works', async () => {
    const admin = await anotherAdmin('Petra');
    const connection = await stream({ authorization: `Bearer ${admin.token}` });
    const changed = await admin.client.put('/users/profile/password', { currentPassword: 'correct horse battery', newPassword: 'a brand new passphrase' });
    expect(changed.status).toBe(200);
    await connection.waitForEnd(2000);
    const renewed = await stream({ authorization: `Bearer ${changed.body.token}` });
    await ownerStillHears('http://10.1.0.2/after-password-change');
    await renewed.waitForMessages(1);
  });

  it('being disabled by another admin', async () => {
    const admin = await anotherAdmin('Dora');
    const connection = await stream({ authorization: `Bearer ${admin.token}` });
    expect((await owner.client.put(`/users/${admin.id}/toggle-disable`)).body).toMatchObject({ isDisabled: true });
    await connection.waitForEnd(2000);
    await ownerStillHears('http://10.1.0.3/after-disable');
    expect(connection.messages).toEqual([]);
  });

  it('deleting the account', async () => {
    const admin = await anotherAdmin('Nadia');
    const connection = await stream({ authorization: `Bearer ${admin.token}` });
    expect((await admin.client.delete('/users/profile')).status).toBe(200);
    await connection.waitForEnd(2000);
    await ownerStillHears('http://10.1.0.4/after-delete');
  });

  it('revoking the personal API token it was opened with (the account\'s session stream stays)', async () => {
    const admin = await anotherAdmin('Tom');
    const token = await createApiToken(admin, 'admin');
    const byToken = await stream({ authorization: `Bearer ${token.token}` });
    const bySession = await stream({ authorization: `Bearer ${admin.token}` });
    expect((await admin.client.delete(`/users/tokens/${token._id}`)).status).toBe(200);
    await byToken.waitForEnd(2000);
    await ownerStillHears('http://10.1.0.5/after-revoke');
    await bySession.waitForMessages(1);
    expect(bySession.ended).toBe(false);
  });

  it('being demoted by `wishwell admin demote` (another process): no event reaches it afterwards', async () => {
    const admin = await anotherAdmin('Carl');
    const connection = await stream({ authorization: `Bearer ${admin.token}` });
    await cli('demote', admin);
    // On PostgreSQL the command's notice ends it at once; on SQLite the check before this event does.
    await ownerStillHears('http://10.1.0.6/after-demote');
    await connection.waitForEnd(2000);
    expect(connection.messages).toEqual([]);
  });
});

describe('with keep-alives every second', () => {
  it('a stream whose account was demoted by `wishwell admin demote` ends by the next keep-alive, with no event', async () => {
    const quick = await startTestServer({ ADMIN_EVENTS_KEEPALIVE_SECONDS: '1' });
    try {
      const first = await signUp(quick.url, 'Quick');
      const connection = await SseConnection.open(`${quick.url}/api/v1/admin/events`, { authorization: `Bearer ${first.token}` });
      open.push(connection);
      expect(connection.response.status).toBe(200);
      const run = await runCli(['admin', 'demote', first.email, '--data-dir', quick.dataDir], quick.cliEnv);
      expect(run.exitCode, run.stderr).toBe(0);
      await connection.waitForEnd(5000);
    } finally {
      await quick.stop();
    }
  });
});
