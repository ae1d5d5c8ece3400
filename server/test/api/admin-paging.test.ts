/**
 * The admin's paged lists of accounts and wish lists: newest first, found by text. Each test has
 * a server of its own (the totals count only its rows), in the test worker, whose clock the test
 * moves on between creations: rows are a second apart, not a sleep apart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';

let clock: ManualClock;
let server: TestServer;
let admin: Account;

beforeEach(async () => {
  clock = new ManualClock();
  server = await startTestServer({ clock });
  admin = await signUp(server.url, 'Owner'); // the first account is the admin
});
afterEach(() => server.stop());

describe('users', () => {
  it('pages every account on the server, newest first, and finds them by name, e-mail address or domain', async () => {
    const names = ['Fay Early', 'Gus Middle', 'Hal Late'];
    for (const name of names) {
      clock.jump(1000); // created a second after the one before
      await signUp(server.url, name);
    }
    const namesOf = (body: { entries: { name: string }[] }) => body.entries.map((user) => user.name);
    const first = await admin.client.get('/users?page=1&pageSize=2');
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(namesOf(first.body)).toEqual(['Hal Late', 'Gus Middle']);
    expect(namesOf((await admin.client.get('/users?page=2&pageSize=2')).body)).toEqual(['Fay Early', 'Owner']);
    expect((await admin.client.get('/users?page=3&pageSize=2')).body).toMatchObject({ entries: [], total: 4 });

    expect(namesOf((await admin.client.get('/users?q=mIdDlE')).body)).toEqual(['Gus Middle']);
    expect((await admin.client.get('/users?q=localhost')).body.total).toBe(4);
    expect((await admin.client.get('/users?q=%25')).body.total).toBe(0);

    const refused = await admin.client.get('/users?pageSize=100000');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/pageSize/);
  });
});

describe('wish lists', () => {
  it('pages every list on the server, newest first, and finds lists by their name or their owner', async () => {
    const owner = await signUp(server.url, 'Pagina');
    for (const name of ['First', 'Second', 'Third', 'Fourth', 'Fifth']) {
      clock.jump(1000); // created a second after the one before
      expect((await owner.client.post('/wishlists', { name })).status).toBeLessThan(300);
    }
    const names = (body: { entries: { name: string }[] }) => body.entries.map((list) => list.name);
    const first = await admin.client.get('/wishlists/all?page=1&pageSize=2');
    expect(first.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(first.body)).toEqual(['Fifth', 'Fourth']);
    expect(names((await admin.client.get('/wishlists/all?page=3&pageSize=2')).body)).toEqual(['First']);
    expect((await admin.client.get('/wishlists/all?page=4&pageSize=2')).body).toMatchObject({ entries: [], total: 5 });

    const byName = await admin.client.get('/wishlists/all?q=fi');
    expect(byName.body).toMatchObject({ total: 2 });
    expect(names(byName.body)).toEqual(['Fifth', 'First']);
    expect((await admin.client.get('/wishlists/all?q=PAGINA')).body.total).toBe(5);
    expect((await admin.client.get('/wishlists/all?q=100%25')).body.total).toBe(0);

    const refused = await admin.client.get('/wishlists/all?pageSize=100000');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/pageSize/);
  });
});
