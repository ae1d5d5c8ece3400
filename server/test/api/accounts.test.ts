import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { DataStore } from '../../src/db/store';
import { readdirSync, readFileSync } from 'node:fs';
import { ApiClient } from '../support/api-client';
import { runCommand } from '../support/cli';
import { TEST_HASH_COST } from '../support/hash-cost';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startServerProcess, startTestServer, type TestServer } from '../support/test-server';

const PROFILE_KEYS = ['_id', 'country', 'currency', 'email', 'hasPassword', 'isAdmin', 'isDisabled', 'language', 'name', 'registeredOnDomain', 'token'];
const INVALID = 'Invalid email or password';

let server: TestServer;
let smtp: TestSmtpServer;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wishes.example.test' });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

/** The server's database, opened beside it (WAL) to set up states the API has no call for. */
/** The e-mail log rows for a recipient, waiting briefly for the first to be written. */
async function emailLogRows(recipient: string): Promise<{ subject: string; status: string }[]> {
  for (let attempt = 0; ; attempt++) {
    const rows = await withStore(({ db, tables: { emailLogs } }) =>
      db.select({ subject: emailLogs.subject, status: emailLogs.status }).from(emailLogs).where(eq(emailLogs.recipient, recipient)),
    );
    if (rows.length > 0 || attempt === 100) return rows;
    await Bun.sleep(20);
  }
}

async function withStore<T>(work: (store: DataStore) => Promise<T>, target = server): Promise<T> {
  const store = await target.openStore();
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

function uniqueEmail(tag: string): string {
  return `${tag}-${++counter}-${Date.now()}@example.com`;
}

async function register(client: ApiClient, fields: Partial<{ name: string; email: string; password: string; domain: string; claimListId: string }> = {}) {
  const body = { name: 'Test User', email: uniqueEmail('user'), password: 'correct horse', domain: 'localhost', ...fields };
  const res = await client.post('/users/register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...body, profile: res.body, client };
}

const signedUp = (fields?: Parameters<typeof register>[1]) => register(new ApiClient(server.url), fields);

describe('registration', () => {
  it('makes the first account on a fresh install an admin, and the second not', async () => {
    const first = await signedUp({ email: 'first@example.com' });
    const second = await signedUp({ email: 'second@example.com' });
    expect(first.profile.isAdmin).toBe(true);
    expect(second.profile.isAdmin).toBe(false);
  });

  it('answers the session profile with exactly the spec fields: no password hash', async () => {
    const { profile } = await signedUp({ name: '  Ann Smith ', email: '  Ann.Smith@Example.COM ', domain: 'Wishes.Example.test' });
    expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
    expect(profile).toMatchObject({
      name: 'Ann Smith',
      email: 'ann.smith@example.com',
      country: '',
      currency: 'GBP',
      isDisabled: false,
      registeredOnDomain: 'wishes.example.test',
    });
    expect(JSON.stringify(profile)).not.toMatch(/argon2|passwordHash/i);
  });

  it('gives a new account the currency of the visitor’s language and region, the instance default where nothing says', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }, 'EUR'],
      [{ 'accept-language': 'ja' }, 'JPY'],
      [{ 'accept-language': 'pt-BR' }, 'BRL'],
      [{ 'accept-language': 'en-US,en;q=0.9' }, 'USD'],
      [{ 'accept-language': 'en-GB' }, 'GBP'],
      [{ 'accept-language': 'en-US', cookie: 'ww_lang=pl' }, 'PLN'],
      [{ 'accept-language': 'en' }, 'GBP'],
    ];
    for (const [headers, currency] of cases) {
      const client = new ApiClient(server.url);
      const res = await client.call('POST', '/users/register', { name: 'Visitor', email: uniqueEmail('visitor'), password: 'correct horse', domain: 'localhost' }, { headers });
      expect(res.body.currency, JSON.stringify(headers)).toBe(currency);
      // Saving the profile with no country hint keeps it.
      expect((await client.put('/users/profile', { name: 'Visitor', email: res.body.email, country: '' })).body.currency).toBe(currency);
    }
  });

  it('sets an httpOnly SameSite=Lax session cookie that authenticates', async () => {
    const client = new ApiClient(server.url);
    const res = await client.post('/users/register', { name: 'Cookie', email: uniqueEmail('cookie'), password: 'correct horse', domain: 'localhost' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wishwell_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await client.get('/users/profile');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(res.body.email);
  });

  it('pairs the session with a readable signed-in hint: set with it, cleared with it, added to an older session', async () => {
    const client = new ApiClient(server.url);
    const res = await client.post('/users/register', { name: 'Hint', email: uniqueEmail('hint'), password: 'correct horse', domain: 'localhost' });
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('wishwell_signed_in='))!;
    expect(hint).toMatch(/^wishwell_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/); // the page reads it to know whether to ask for the profile

    // A browser holding a session cookie from before the hint existed gets the hint on its next page
    // (the app shell's: a page rendered on the server would load React's renderer for nothing here).
    const page = await fetch(`${server.url}/wishlists`, { headers: { cookie: `wishwell_session=${client.cookies.get('wishwell_session')}` } });
    expect(page.headers.getSetCookie().some((c) => c.startsWith('wishwell_signed_in=1;'))).toBe(true);
    const signedOutPage = await fetch(`${server.url}/wishlists`);
    expect(signedOutPage.headers.getSetCookie().some((c) => c.startsWith('wishwell_signed_in='))).toBe(false);

    const out = await client.post('/users/logout');
    const cleared = out.headers.getSetCookie().filter((c) => /Max-Age=0/.test(c)).map((c) => c.split('=')[0]);
    expect(cleared.sort()).toEqual(['wishwell_session', 'wishwell_signed_in']);
  });

  it('refuses a second account for the same address, whatever its case, with 409', async () => {
    const { email } = await signedUp();
    const res = await new ApiClient(server.url).post('/users/register', { name: 'Again', email: ` ${email.toUpperCase()} `, password: 'correct horse' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it('requires name, email and a password of at least 8 characters', async () => {
    const client = new ApiClient(server.url);
    const cases: [object, RegExp][] = [
      [{ email: uniqueEmail('x'), password: 'correct horse' }, /name/i],
      [{ name: '   ', email: uniqueEmail('x'), password: 'correct horse' }, /name/i],
      [{ name: 'A', password: 'correct horse' }, /email/i],
      [{ name: 'A', email: 'not-an-email', password: 'correct horse' }, /valid email/i],
      [{ name: 'A', email: uniqueEmail('x') }, /password/i],
      [{ name: 'A', email: uniqueEmail('x'), password: 'short' }, /at least 8 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/users/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('accepts claimListId (handed to list claiming)', async () => {
    const { profile } = await signedUp({ claimListId: 'some-guest-list-id' });
    expect(profile._id).toBeTruthy();
  });
});

describe('sign in and sessions', () => {
  it('signs in with the right password; a wrong password or an unknown address get the same 401', async () => {
    const { email, password } = await signedUp();
    const client = new ApiClient(server.url);
    const wrong = await client.post('/users/login', { email, password: 'not the password' });
    const unknown = await client.post('/users/login', { email: uniqueEmail('nobody'), password });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual({ message: INVALID });
    expect(unknown.body).toEqual({ message: INVALID });
    const ok = await client.post('/users/login', { email: ` ${email.toUpperCase()}`, password });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(PROFILE_KEYS);
  });

  it('asks for both fields when one is empty (the form leaves validation to the server)', async () => {
    const res = await new ApiClient(server.url).post('/users/login', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your email address and password.');
  });

  it('accepts the token as a bearer without any cookie', async () => {
    const { profile } = await signedUp();
    const res = await new ApiClient(server.url).get('/users/profile', { bearer: profile.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(profile);
  });

  it('answers 401 without a session', async () => {
    expect((await new ApiClient(server.url).get('/users/profile')).status).toBe(401);
    expect((await new ApiClient(server.url).get('/users/profile', { bearer: 'not.a.token' })).status).toBe(401);
  });

  it('refuses a cookie-authenticated change without the XSRF header with 403', async () => {
    const { client, profile } = await signedUp();
    const forged = await client.put('/users/profile', { name: 'Forged', email: profile.email }, { noXsrf: true });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toMatch(/XSRF/);
    const echoed = await client.put('/users/profile', { name: 'Real', email: profile.email });
    expect(echoed.status).toBe(200);
    expect(echoed.body.name).toBe('Real');
  });

  it('refuses a cross-site form posting a sign-in (no XSRF header) with 403', async () => {
    const { email, password } = await signedUp();
    const form = new URLSearchParams({ email, password }).toString();
    const res = await new ApiClient(server.url).post('/users/login', undefined, {
      raw: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
  });

  it('logout revokes the tokens: a token copied before logout stops working', async () => {
    const { client, profile } = await signedUp();
    const copied = profile.token;
    const out = await client.post('/users/logout');
    expect(out.status).toBe(200);
    expect(client.cookies.has('wishwell_session')).toBe(false);
    expect((await new ApiClient(server.url).get('/users/profile', { bearer: copied })).status).toBe(401);
    expect((await client.get('/users/profile')).status).toBe(401);
  });

  it('moves a password hashed with the old 64 MiB parameters to the current ones at sign-in', async () => {
    const { email, password, profile } = await signedUp();
    const storedHash = () => withStore(async ({ db, tables: { users } }) => (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, profile._id)))[0]!.hash);
    const before = Bun.password.hashSync(password, 'argon2id'); // Bun's default, what accounts were made with
    expect(before).toMatch(/^\$argon2id\$v=19\$m=65536,/);
    await withStore(({ db, tables: { users } }) => db.update(users).set({ passwordHash: before }).where(eq(users.id, profile._id)));
    const client = new ApiClient(server.url);
    expect((await client.post('/users/login', { email, password: 'not the password' })).status).toBe(401);
    expect(await storedHash()).toBe(before);
    expect((await client.post('/users/login', { email, password })).status).toBe(200);
    const after = await storedHash();
    // The server's current cost: TEST_HASH_COST here; production's (19 MiB, two passes) in passwords.test.ts.
    expect(after).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${TEST_HASH_COST.memoryCost},t=${TEST_HASH_COST.timeCost},p=1\\$`));
    expect((await client.post('/users/login', { email, password })).status).toBe(200);
    expect((await client.post('/users/login', { email, password: 'not the password' })).status).toBe(401);
    expect(await storedHash()).toBe(after);
  });

  it('logout succeeds without a valid session too', async () => {
    expect((await new ApiClient(server.url).post('/users/logout')).status).toBe(200);
  });
});

describe('profile', () => {
  it('updates name, email and country; the currency follows a country the hint names', async () => {
    const { client } = await signedUp();
    const newEmail = uniqueEmail('moved');
    const cases: [string, string][] = [['US', 'USD'], ['Canada', 'CAD'], ['au', 'AUD'], ['New Zealand', 'NZD'], ['UK', 'GBP'], ['France', 'GBP'], ['DE', 'EUR'], ['Atlantis', 'EUR']];
    for (const [country, currency] of cases) {
      const res = await client.put('/users/profile', { name: 'Moved', email: newEmail.toUpperCase(), country });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Moved', email: newEmail, country, currency });
      expect(Object.keys(res.body).sort()).toEqual(PROFILE_KEYS);
    }
    expect((await client.get('/users/profile')).body.currency).toBe('EUR');
  });

  it('refuses an email address another account has with 409', async () => {
    const other = await signedUp();
    const { client } = await signedUp();
    const res = await client.put('/users/profile', { name: 'X', email: other.email, country: '' });
    expect(res.status).toBe(409);
  });
});

describe('change password', () => {
  it('needs the current password, then revokes older tokens and answers a new one', async () => {
    const { client, profile, email, password } = await signedUp();
    const wrong = await client.put('/users/profile/password', { currentPassword: 'not it at all', newPassword: 'brand new pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/current password/i);
    const short = await client.put('/users/profile/password', { currentPassword: password, newPassword: 'short' });
    expect(short.status).toBe(400);

    const res = await client.put('/users/profile/password', { currentPassword: password, newPassword: 'brand new pass' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect((await new ApiClient(server.url).get('/users/profile', { bearer: profile.token })).status).toBe(401);
    expect((await new ApiClient(server.url).get('/users/profile', { bearer: res.body.token })).status).toBe(200);
    expect((await client.get('/users/profile')).status).toBe(200); // this browser's cookie was renewed
    expect((await new ApiClient(server.url).post('/users/login', { email, password })).status).toBe(401);
    expect((await new ApiClient(server.url).post('/users/login', { email, password: 'brand new pass' })).status).toBe(200);
  });
});

describe('disabled accounts', () => {
  it('stop working at once and cannot sign in', async () => {
    const { profile, email, password } = await signedUp();
    await withStore(({ db, tables: { users } }) => db.update(users).set({ isDisabled: true }).where(eq(users.id, profile._id)));
    const withToken = await new ApiClient(server.url).get('/users/profile', { bearer: profile.token });
    expect(withToken.status).toBe(403);
    expect(withToken.body.message).toMatch(/disabled/);
    const login = await new ApiClient(server.url).post('/users/login', { email, password });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/disabled/);
    // A wrong password still says only that: the disabled state is not revealed to a guesser.
    expect((await new ApiClient(server.url).post('/users/login', { email, password: 'wrong password' })).status).toBe(401);
  });
});

describe('password reset by mail', () => {
  async function requestReset(email: string, headers?: Record<string, string>) {
    const res = await new ApiClient(server.url).post('/users/forgot-password', { email }, { headers });
    expect(res.status).toBe(200);
    return res.body.message as string;
  }

  async function resetLink(email: string): Promise<string> {
    const mail = await smtp.waitForMail(email);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    return link!;
  }

  it('answers the same whether or not the address has an account, and mails only a real one', async () => {
    const { email } = await signedUp({ name: 'Rita' });
    const nobody = uniqueEmail('nobody');
    const forNobody = await requestReset(nobody);
    const forRita = await requestReset(email.toUpperCase());
    expect(forNobody).toBe(forRita);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Reset your Wishwell password');
    expect(mail.from).toBe('no-reply@wishwell.test');
    expect(mail.text).toContain('Hello Rita');
    expect(mail.text).toMatch(new RegExp(`${server.url}/reset-password/[A-Za-z0-9_-]{43}\\b`));
    expect(smtp.mails.some((m) => m.to.includes(nobody))).toBe(false);
    // The outbox marks the log row once the SMTP server has acknowledged the mail, just after it arrives here: its turn has ended once runJob resolves.
    await server.runJob('mail.outbox');
    expect(await emailLogRows(email)).toEqual([{ subject: 'Reset your Wishwell password', status: 'Success' }]);
  });

  it('stores only a hash of the token', async () => {
    const { email, profile } = await signedUp();
    await requestReset(email);
    const token = (await resetLink(email)).split('/').pop()!;
    const rows = await withStore(({ db, tables: { passwordResetTokens: tokens } }) =>
      db.select({ tokenHash: tokens.tokenHash }).from(tokens).where(eq(tokens.userId, profile._id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('resets once: signs the user in, revokes older tokens; the link cannot be used again', async () => {
    const { email, password, profile } = await signedUp();
    await requestReset(email);
    const token = (await resetLink(email)).split('/').pop()!;
    const client = new ApiClient(server.url);
    const short = await client.put(`/users/reset-password/${token}`, { password: 'short' });
    expect(short.status).toBe(400);

    const res = await client.put(`/users/reset-password/${token}`, { password: 'a new password' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect(res.body).toMatchObject({ _id: profile._id, email });
    expect((await client.get('/users/profile')).status).toBe(200);
    expect((await new ApiClient(server.url).get('/users/profile', { bearer: profile.token })).status).toBe(401);
    expect((await new ApiClient(server.url).post('/users/login', { email, password })).status).toBe(401);
    expect((await new ApiClient(server.url).post('/users/login', { email, password: 'a new password' })).status).toBe(200);

    const again = await new ApiClient(server.url).put(`/users/reset-password/${token}`, { password: 'yet another one' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);
  });

  it('revokes an outstanding link when the password is changed', async () => {
    const { email, password, client } = await signedUp();
    await requestReset(email);
    const token = (await resetLink(email)).split('/').pop()!;
    const changed = await client.put('/users/profile/password', { currentPassword: password, newPassword: 'changed on purpose' });
    expect(changed.status).toBe(200);
    const res = await new ApiClient(server.url).put(`/users/reset-password/${token}`, { password: 'the attacker choice' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/invalid or has expired/);
    expect((await new ApiClient(server.url).post('/users/login', { email, password: 'changed on purpose' })).status).toBe(200);
  });

  it('revokes an outstanding link when the e-mail address is changed (not when only the name is)', async () => {
    const { email, client, profile } = await signedUp();
    await requestReset(email);
    const token = (await resetLink(email)).split('/').pop()!;
    const outstandingLinks = () =>
      withStore(async ({ db, tables: { passwordResetTokens: tokens } }) => (await db.select({ n: count() }).from(tokens).where(eq(tokens.userId, profile._id)))[0]!.n);
    expect((await client.put('/users/profile', { name: 'Only The Name', email })).status).toBe(200);
    expect(await outstandingLinks()).toBe(1);
    const newEmail = uniqueEmail('moved');
    expect((await client.put('/users/profile', { name: 'Only The Name', email: newEmail })).status).toBe(200);
    const res = await new ApiClient(server.url).put(`/users/reset-password/${token}`, { password: 'the attacker choice' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/invalid or has expired/);
  });

  it('revokes an outstanding link when an admin disables the account (it stays dead after re-enabling)', async () => {
    const admin = await signedUp(); // not the first account: promote it from the CLI as an operator would
    const promote = await runCommand(['admin', 'promote', admin.email, '--data-dir', server.dataDir], server.cliEnv);
    expect(promote.exitCode, promote.stderr).toBe(0);
    const adminClient = new ApiClient(server.url);
    expect((await adminClient.post('/users/login', { email: admin.email, password: admin.password })).status).toBe(200);
    const { email, profile } = await signedUp();
    await requestReset(email);
    const token = (await resetLink(email)).split('/').pop()!;
    expect((await adminClient.put(`/users/${profile._id}/toggle-disable`)).body.isDisabled).toBe(true);
    expect((await adminClient.put(`/users/${profile._id}/toggle-disable`)).body.isDisabled).toBe(false);
    const res = await new ApiClient(server.url).put(`/users/reset-password/${token}`, { password: 'the attacker choice' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link', async () => {
    const { email, profile } = await signedUp();
    await requestReset(email);
    const token = (await resetLink(email)).split('/').pop()!;
    await withStore(({ db, tables: { passwordResetTokens: tokens } }) =>
      db.update(tokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tokens.userId, profile._id)),
    );
    const res = await new ApiClient(server.url).put(`/users/reset-password/${token}`, { password: 'a new password' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/invalid or has expired/);
  });

  it('makes the token expire after one hour', async () => {
    const { email, profile } = await signedUp();
    const before = Date.now();
    await requestReset(email);
    await resetLink(email);
    const [row] = await withStore(({ db, tables: { passwordResetTokens: tokens } }) =>
      db.select({ expiresAt: tokens.expiresAt }).from(tokens).where(eq(tokens.userId, profile._id)),
    );
    expect(row!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(3600_000 - 5000);
    expect(row!.expiresAt.getTime() - before).toBeLessThanOrEqual(3600_000 + 5000);
  });

  it('never points the link at a host that is not ours (forged Host header)', async () => {
    const { email } = await signedUp();
    await requestReset(email, { host: 'evil.example.net' });
    const link = await resetLink(email);
    expect(link.startsWith('https://wishes.example.test/reset-password/')).toBe(true);
  });
});

describe('account deletion', () => {
  it('removes the account, marks its lists deleted, drops its editor places and clears the cookie', async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const store = await server.openStore();
    const { db, tables: { users, wishlists, wishlistEditors } } = store;
    const now = new Date();
    const [owned, others] = ['owned-list-' + now.getTime(), 'other-list-' + now.getTime()];
    await db.insert(wishlists).values([
      { id: owned, name: 'Owned', ownerId: owner.profile._id, createdAt: now, updatedAt: now },
      { id: others, name: 'Other', ownerId: other.profile._id, createdAt: now, updatedAt: now },
    ]);
    await db.insert(wishlistEditors).values({ wishlistId: others, userId: owner.profile._id, createdAt: now });

    const res = await owner.client.delete('/users/profile');
    expect(res.status).toBe(200);
    expect(owner.client.cookies.has('wishwell_session')).toBe(false);
    expect((await new ApiClient(server.url).get('/users/profile', { bearer: owner.profile.token })).status).toBe(401);
    expect((await new ApiClient(server.url).post('/users/login', { email: owner.email, password: owner.password })).status).toBe(401);

    const isDeleted = async (id: string) => (await db.select({ isDeleted: wishlists.isDeleted }).from(wishlists).where(eq(wishlists.id, id)))[0];
    expect(await db.select({ n: count() }).from(users).where(eq(users.id, owner.profile._id))).toEqual([{ n: 0 }]);
    expect(await isDeleted(owned)).toEqual({ isDeleted: true });
    expect(await isDeleted(others)).toEqual({ isDeleted: false });
    expect(await db.select({ n: count() }).from(wishlistEditors).where(eq(wishlistEditors.userId, owner.profile._id))).toEqual([{ n: 0 }]);
    await store.close();
  });
});

describe('admin role from the command line', () => {
  async function cli(dataDir: string, ...args: string[]) {
    const run = await runCommand([...args, '--data-dir', dataDir], server.cliEnv);
    return { code: run.exitCode, out: run.stdout + run.stderr };
  }

  it('wishwell admin promote / demote EMAIL change the role at once, even while the server runs', async () => {
    const { client, email } = await signedUp();
    expect((await client.get('/users/profile')).body.isAdmin).toBe(false);
    expect(await cli(server.dataDir, 'admin', 'promote', email.toUpperCase())).toMatchObject({ code: 0 });
    expect((await client.get('/users/profile')).body.isAdmin).toBe(true);
    expect(await cli(server.dataDir, 'admin', 'demote', email)).toMatchObject({ code: 0 });
    expect((await client.get('/users/profile')).body.isAdmin).toBe(false);
    const unknown = await cli(server.dataDir, 'admin', 'promote', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account');
    expect((await cli(server.dataDir, 'admin', 'crown', email)).code).toBe(2);
  });
});

describe('password hashing', () => {
  /** The nice value of each of the process's threads, by thread id (Linux /proc). */
  function threadNiceValues(pid: number): Map<number, number> {
    const nice = new Map<number, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command name: state is field 3, nice field 19.
      nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    }
    return nice;
  }

  it.skipIf(process.platform !== 'linux')('hashes on threads at the lowest priority while requests keep theirs, so a flood of sign-ins leaves the CPU to guests', async () => {
    const hashing = await startServerProcess(); // the threads of a server process of its own
    try {
      const client = new ApiClient(hashing.url);
      const email = uniqueEmail('nice');
      await client.post('/users/register', { name: 'Nice', email, password: 'correct horse' });
      expect((await client.post('/users/login', { email, password: 'correct horse' })).status).toBe(200);
      const nice = threadNiceValues(hashing.pid);
      expect(nice.get(hashing.pid)).toBe(0); // the thread answering requests
      expect([...nice.values()]).toContain(19);
    } finally {
      await hashing.stop();
    }
  });
});
