import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedWishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { runCommand } from '../support/cli';
import { SseConnection } from '../support/sse-client';
import { startServerProcess, type TestServer } from '../support/test-server';
import { testDatabaseUrl } from '../support/engine';
import { loadConfig } from '../../src/config';
import { openContext } from '../../src/open-context';
import { createServices } from '../../src/services';
import { addItem, guestWithList, signUp } from '../support/wishlists';
import { downloadBackup, restoreBackup, sessionHeaders, waitFor } from '../support/backups';

// Two `wishwell serve` processes on two ports over one PostgreSQL database behave as one server,
// each with a data dir of its own and no JWT_SECRET, as an operator starts them by default.
// (SQLite is one process by design: these run in the PostgreSQL run only.)
let a: TestServer;
let b: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;

describe('two replicas over one PostgreSQL', () => {
  beforeAll(async () => {
    a = await startServerProcess();
    b = await startServerProcess({ DATABASE_URL: a.databaseUrl! });
    admin = await signUp(a.url, 'Admin'); // the first account of the database
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  /**
   * Polls B's share view until `seen` holds. Unannounced, B would show its cached view for up to a
   * minute; the announcement reaches it in milliseconds, so a few seconds tell the two apart on a
   * loaded machine too (how fast it arrives is for a benchmark, not a test).
   */
  async function shareViewOnB(listId: string, seen: (view: SharedWishlist) => boolean): Promise<void> {
    const withinMs = 5_000;
    const started = performance.now();
    const guest = new ApiClient(b.url);
    for (;;) {
      const view = await guest.get<SharedWishlist>(`/wishlists/share/${listId}`);
      if (seen(view.body)) return;
      if (performance.now() - started > withinMs) throw new Error(`B still shows ${JSON.stringify(view.body.items)} after ${withinMs} ms`);
      await Bun.sleep(5);
    }
  }

  it('a purchase through A shows on B\'s share view at once, although B had it cached', async () => {
    const { client: owner, list } = await guestWithList(a.url);
    const item = await addItem(owner, list._id, { title: 'Kite', quantity: 2 });
    const guestOnB = new ApiClient(b.url);
    expect((await guestOnB.get<SharedWishlist>(`/wishlists/share/${list._id}`)).body.items[0]).toMatchObject({ quantityPurchased: 0 });
    expect((await new ApiClient(a.url).put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 1 })).status).toBe(200);
    await shareViewOnB(list._id, (view) => view.items[0]?.quantityPurchased === 1);
  });

  it("a pledge through A shows on B's share view at once, although B had it cached", async () => {
    // A group gift takes pledges when its shop has a gift card (a referral rule on the admin's A says where).
    await admin.client.post('/referral-rules', { matcher: 'replica-gifts.example', programName: 'Replica Gifts', referralCode: 'rg', giftCardUrl: 'https://replica-gifts.example/cards' });
    const { client: owner, list } = await guestWithList(a.url);
    const sofa = await addItem(owner, list._id, { title: 'Sofa', price: '500', url: 'https://replica-gifts.example/sofa', isGroupGift: true });
    expect((await new ApiClient(b.url).get<SharedWishlist>(`/wishlists/share/${list._id}`)).body.items[0]).toMatchObject({ pledgedTotal: '0.00' });
    expect((await new ApiClient(a.url).post(`/wishlists/share/${list._id}/items/${sofa._id}/pledges`, { amount: '25' })).status).toBe(200);
    await shareViewOnB(list._id, (view) => view.items[0]?.pledgedTotal === '25.00');
  });

  it("an item added through A shows on B's share view at once, although B had it cached", async () => {
    const { client: owner, list } = await guestWithList(a.url);
    await addItem(owner, list._id, { title: 'Kite' });
    expect((await new ApiClient(b.url).get<SharedWishlist>(`/wishlists/share/${list._id}`)).body.items).toHaveLength(1);
    await addItem(owner, list._id, { title: 'Yo-yo' });
    await shareViewOnB(list._id, (view) => view.items.length === 2);
  });

  it('a session signed on either replica works on the other', async () => {
    const onA = await signUp(a.url, 'Ann');
    const onB = await signUp(b.url, 'Ben');
    expect((await new ApiClient(b.url).get('/users/profile', { bearer: onA.token })).body).toMatchObject({ name: 'Ann' });
    expect((await new ApiClient(a.url).get('/users/profile', { bearer: onB.token })).body).toMatchObject({ name: 'Ben' });
  });

  it('a replica started later, on a data dir of its own, accepts the sessions the others signed', async () => {
    const account = await signUp(b.url, 'Lena');
    const late = await startServerProcess({ DATABASE_URL: a.databaseUrl! });
    try {
      expect((await new ApiClient(late.url).get('/users/profile', { bearer: account.token })).body).toMatchObject({ name: 'Lena' });
    } finally {
      await late.stop();
    }
  });

  it('a sign-out on A revokes the session on B', async () => {
    const account = await signUp(a.url, 'Rover');
    const token = account.client.cookies.get('wishwell_session')!;
    expect((await new ApiClient(b.url).get('/users/profile', { bearer: token })).status).toBe(200);
    expect((await account.client.post('/users/logout')).status).toBe(200);
    expect((await new ApiClient(b.url).get('/users/profile', { bearer: token })).status).toBe(401);
  });

  it("an admin's event stream open on B ends at once when the admin signs out on A", async () => {
    const operator = await signUp(a.url, 'Olga');
    const promoted = await runCommand(['admin', 'promote', operator.email, '--data-dir', a.dataDir], a.cliEnv);
    expect(promoted.exitCode, promoted.stderr).toBe(0);
    const stream = await SseConnection.open(`${b.url}/api/v1/admin/events`, { authorization: `Bearer ${operator.token}` });
    try {
      expect(stream.response.status).toBe(200);
      expect((await operator.client.post('/users/logout')).status).toBe(200);
      await stream.waitForEnd(2000); // keep-alives are 15 s apart: the sign-out's notice ended it
    } finally {
      stream.close();
    }
  });

  it('20 guests racing for the last unit across both replicas: exactly one wins', async () => {
    const { client: owner, list } = await guestWithList(a.url);
    const item = await addItem(owner, list._id, { title: 'Last one' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        new ApiClient(index % 2 ? a.url : b.url).put(`/wishlists/share/${list._id}/items/${item._id}`, { purchasedBy: `Guest ${index}`, quantityPurchased: 1 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const [stored] = (await owner.get<{ items: { quantityPurchased: number }[] }>(`/wishlists/${list._id}`)).body.items;
    expect(stored).toMatchObject({ quantityPurchased: 1 });
  });

  it('a referral rule an admin adds on A applies at once to items saved on B (B had the rules cached)', async () => {
    const { client, list } = await guestWithList(b.url);
    const link = 'https://replica-shop.example/p/42';
    expect((await addItem(client, list._id, { title: 'Before', url: link })).referralProgram).toBeNull();
    const rule = await admin.client.post('/referral-rules', {
      matcher: 'replica-shop.example',
      programName: 'Replica Partners',
      idRegex: '/p/(\\d+)',
      urlStructure: 'https://replica-shop.example/p/{ID}?ref={TAG}',
      referralCode: 'rep-21',
    });
    expect(rule.status, JSON.stringify(rule.body)).toBeLessThan(300);
    // B's public rules come from the same cache its item saves read: once they show the new rule, the notice has crossed.
    const publicRulesOnB = async () => (await new ApiClient(b.url).get<{ programName: string }[]>('/referral-rules')).body;
    await waitFor(async () => (await publicRulesOnB()).some((each) => each.programName === 'Replica Partners'), 2000);
    const item = await addItem(client, list._id, { title: 'After', url: link });
    expect(item).toMatchObject({ referralProgram: 'Replica Partners', url: 'https://replica-shop.example/p/42?ref=rep-21' });
  });

  it('sign-ups an admin closes on A are closed on B at once (B had the settings cached), and open again the same way', async () => {
    const registration = async () => (await new ApiClient(b.url).get('/users/sign-in-options')).body.registration;
    expect(await registration()).toBe('open');
    expect((await admin.client.put('/admin/settings', { registration: 'closed' })).status).toBe(200);
    await waitFor(async () => (await registration()) === 'closed', 2000);
    const refused = await new ApiClient(b.url).post('/users/register', { name: 'Late', email: 'late@example.com', password: 'correct horse battery' });
    expect([refused.status, refused.body.message]).toEqual([403, 'Sign-ups are closed on this site. Ask the site operator for an account.']);
    expect((await admin.client.put('/admin/settings', { registration: 'open' })).status).toBe(200);
    await waitFor(async () => (await registration()) === 'open', 2000);
  });

  it('a restore through A is seen by B: its cached share view shows the restored data and its earlier sessions stop working', async () => {
    const { client: owner, list } = await guestWithList(a.url);
    await addItem(owner, list._id, { title: 'In the backup' });
    const backup = await downloadBackup(admin.client);
    await addItem(owner, list._id, { title: 'After the backup' });
    const guestOnB = new ApiClient(b.url);
    const titlesOnB = async () => (await guestOnB.get<SharedWishlist>(`/wishlists/share/${list._id}`)).body.items.map((item) => item.title);
    expect((await titlesOnB()).sort()).toEqual(['After the backup', 'In the backup']);
    const signedInOnB = new ApiClient(b.url);
    expect((await signedInOnB.post('/users/login', { email: admin.email, password: 'correct horse battery' })).status).toBe(200);

    expect((await restoreBackup(admin.client, backup)).status).toBe(200);
    await waitFor(async () => (await titlesOnB()).length === 1);
    expect(await titlesOnB()).toEqual(['In the backup']);
    await waitFor(async () => (await signedInOnB.get('/users/profile')).status === 401);
    const again = new ApiClient(b.url);
    expect((await again.post('/users/login', { email: admin.email, password: 'correct horse battery' })).status).toBe(200);
    expect((await again.get('/users/profile')).status).toBe(200);
  });
});

describe('rate limits across two replicas over one PostgreSQL', () => {
  const limits = { TRUST_PROXY: '1', RATE_LIMIT_LOGIN_IP: '4', RATE_LIMIT_CLAIM_IP: '20' };
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startServerProcess(limits);
    second = await startServerProcess({ ...limits, DATABASE_URL: first.databaseUrl! });
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('count sign-in attempts from one IP together: taking turns between replicas gets the limit (give or take one per other replica), not twice it', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const replica = new ApiClient((attempt % 2 ? second : first).url);
      const answer = await replica.post('/users/login', { email: `guess${attempt}@example.com`, password: 'wrong guess' }, { headers: { 'x-forwarded-for': '10.8.0.1' } });
      statuses.push(answer.status);
    }
    const checked = statuses.filter((status) => status === 401).length;
    // Counted per replica, each would take 4 (8 in all). A replica decides at once on what it
    // knows: its own hits and the shared count as of its last hit, so one more can pass.
    expect(checked).toBeGreaterThanOrEqual(4);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    // Another address still signs in on either replica.
    expect((await new ApiClient(second.url).post('/users/login', { email: 'nobody@example.com', password: 'wrong guess' }, { headers: { 'x-forwarded-for': '10.8.0.2' } })).status).toBe(401);
  });

  /** `count` requests sent at once, every other one to each replica, all from `ip`: their statuses. */
  function burst(count: number, ip: string, send: (replica: ApiClient, index: number, headers: Record<string, string>) => Promise<{ status: number }>): Promise<number[]> {
    const headers = { 'x-forwarded-for': ip };
    return Promise.all(Array.from({ length: count }, async (_, index) => (await send(new ApiClient((index % 2 ? second : first).url), index, headers)).status));
  }

  it('a burst of reservation-link lookups sent at once to both replicas gets the limit (20), give or take one, not twice it', async () => {
    const statuses = await burst(80, '10.8.0.3', (replica, _, headers) => replica.get('/claims/no-such-reservation-link', { headers }));
    const looked = statuses.filter((status) => status === 404).length;
    expect(looked).toBeGreaterThanOrEqual(20);
    expect(looked).toBeLessThanOrEqual(21);
    expect(statuses.filter((status) => status === 429)).toHaveLength(80 - looked);
  });

  it('a burst of sign-in attempts sent at once to both replicas gets the limit (4), give or take one', async () => {
    const statuses = await burst(24, '10.8.0.4', (replica, index, headers) => replica.post('/users/login', { email: `burst${index}@example.com`, password: 'wrong guess' }, { headers }));
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(4);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24 - checked);
  });
});

describe('two replicas registering the first accounts of a fresh database', () => {
  // Through the replicas' account services rather than HTTP: a registration hashes its password
  // first, one at a time per replica, which spaces requests further apart than the race needs.
  it('make exactly one of them the admin', async () => {
    const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'wishwell-first-admin-')));
    const databaseUrl = (await testDatabaseUrl(dirs[0]!))!;
    const replicas = await Promise.all(dirs.map((dir) => openContext(loadConfig(['--data-dir', dir], { DATABASE_URL: databaseUrl }))));
    try {
      const accounts = replicas.map((ctx) => createServices(ctx).users);
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          accounts[index % 2]!.createAccount({ name: `Early ${index}`, email: `early${index}@example.com`, passwordHash: '!', domain: 'localhost', visitor: { language: 'en', acceptedLanguages: [] } }),
        ),
      );
      expect(created).toHaveLength(20);
      expect(created.filter((user) => user.isAdmin)).toHaveLength(1);
    } finally {
      await Promise.all(replicas.map((ctx) => ctx.store.close()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('backups and restores on two replicas', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startServerProcess();
    second = await startServerProcess({ DATABASE_URL: first.databaseUrl! });
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('refuses a backup on one replica while a restore runs on the other (409), and allows it once the restore is done', async () => {
    const operator = await signUp(first.url, 'Operator');
    const file = await downloadBackup(operator.client);
    const onSecond = new ApiClient(second.url);
    expect((await onSecond.post('/users/login', { email: operator.email, password: 'correct horse battery' })).status).toBe(200);
    // The restore answers once the file is checked; it holds the claim until it has swapped the data in.
    expect((await restoreBackup(onSecond, file)).status).toBe(200);
    const refused = await fetch(`${first.url}/api/v1/admin/backup`, { method: 'POST', headers: sessionHeaders(operator.client) });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('A restore is already under way: try again when it has finished.');
    // Sessions end once the restored data is in place.
    await waitFor(async () => (await operator.client.get('/users/profile')).status === 401);
    const again = new ApiClient(first.url);
    expect((await again.post('/users/login', { email: operator.email, password: 'correct horse battery' })).status).toBe(200);
    expect((await downloadBackup(again)).length).toBeGreaterThan(0);
  });
});
