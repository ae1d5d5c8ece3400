import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { SignOutAnswer } from '@wishwell/shared/account-types';
import type { SessionProfile } from '@wishwell/shared/api-types';
import type { SignInOptions } from '@wishwell/shared/sign-in-options';
import type { WishlistSummary } from '@wishwell/shared/wishlist-types';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { ApiClient } from '../support/api-client';
import { freePort, startOidcProvider, type ProviderAccount, type ProviderOptions, type TestOidcProvider } from '../support/oidc-provider';
import { followAtProvider, oidcRoundTrip } from '../support/oidc-round-trip';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { SseConnection } from '../support/sse-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait';
import { guestWithList, signUp, type Account } from '../support/wishlists';

const ADMIN_GROUP = 'wishwell-admins';
const PASSWORD = 'correct horse battery';

/** A Wishwell server using its own real provider (each provider knows one server's redirect URI). */
async function serverWithProvider(env: Record<string, string> = {}, providerOptions?: ProviderOptions): Promise<{ server: TestServer; provider: TestOidcProvider }> {
  const port = await freePort();
  const server = await startTestServer({
    OIDC_ISSUER: `http://127.0.0.1:${port}`,
    OIDC_CLIENT_ID: 'wishwell',
    OIDC_CLIENT_SECRET: 'a-client-secret-for-tests-only',
    OIDC_BUTTON_LABEL: 'Test ID',
    OIDC_SCOPES: 'openid email profile groups',
    ...env,
  });
  return { server, provider: await startOidcProvider(server.url, port, providerOptions) };
}

let main: { server: TestServer; provider: TestOidcProvider };
let smtp: TestSmtpServer;
let people = 0;
let mainAdmin: Account;

function person(fields: Partial<ProviderAccount> = {}): ProviderAccount {
  const n = ++people;
  return { sub: `person-${n}-${Date.now()}`, email: `person.${n}.${Date.now()}@example.com`, email_verified: true, name: `Person ${n}`, ...fields };
}

/** A browser that has loaded the site (it holds the XSRF cookie, as the SPA would). */
async function browser(server: TestServer): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  await client.get('/users/sign-in-options');
  return client;
}

async function signInThroughProvider(account: ProviderAccount, target = main, options?: Parameters<typeof oidcRoundTrip>[1]) {
  const client = await browser(target.server);
  target.provider.signInAs(account);
  const landing = await oidcRoundTrip(client, options);
  return { client, landing, profile: await client.get<SessionProfile>('/users/profile') };
}

async function identities(server: TestServer, userId: string): Promise<string[]> {
  const store = await server.openStore();
  try {
    const { oidcIdentities } = store.tables;
    const rows = await store.db.select({ subject: oidcIdentities.subject }).from(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    return rows.map((row) => row.subject);
  } finally {
    await store.close();
  }
}

async function storedIdTokens(server: TestServer, userId: string): Promise<number> {
  const store = await server.openStore();
  try {
    const { oidcSessions } = store.tables;
    return (await store.db.select({ userId: oidcSessions.userId }).from(oidcSessions).where(eq(oidcSessions.userId, userId))).length;
  } finally {
    await store.close();
  }
}

// The main server runs in the test worker; each later group's server starts once the one before
// stopped, so it runs there too rather than as a process of its own.
describe('on the main server', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    main = await serverWithProvider({ OIDC_ADMIN_GROUP: ADMIN_GROUP, SMTP_URL: smtp.url });
    mainAdmin = await signUp(main.server.url, 'First'); // the first account is the admin: later ones start as plain users
  });
  afterAll(async () => {
    await main.provider.stop();
    await main.server.stop();
    await smtp.stop();
  });

  describe('sign in with an OpenID Connect provider', () => {
    it('tells the pages which ways to sign in this site offers', async () => {
      const options = (await new ApiClient(main.server.url).get<SignInOptions>('/users/sign-in-options')).body;
      expect(options).toEqual({ passwordLogin: true, registration: 'open', oidc: { label: 'Test ID' }, pendingLink: null });
    });

    it('creates the account at the first sign-in, with the name and e-mail the provider gives, and finds it again later', async () => {
      const someone = person({ name: 'Olivia Provider' });
      const first = await signInThroughProvider(someone);
      expect(first.landing.pathname).toBe('/signed-in');
      expect(first.profile.status).toBe(200);
      expect(first.profile.body).toMatchObject({ name: 'Olivia Provider', email: someone.email, isAdmin: false, registeredOnDomain: '127.0.0.1' });
      expect(await identities(main.server, first.profile.body._id)).toEqual([someone.sub]);
      // The account has no password: nothing signs in with one.
      const byPassword = await new ApiClient(main.server.url).post('/users/login', { email: someone.email, password: '' });
      expect(byPassword.status).toBe(400);

      // Later the provider reports a new address: the identity, not the address, finds the account.
      const again = await signInThroughProvider({ ...someone, email: `moved.${someone.email}` });
      expect(again.profile.body._id).toBe(first.profile.body._id);
      expect(again.profile.body.email).toBe(someone.email);
    });

    it('gives the account it creates the currency of the language the visitor reads the site in', async () => {
      const client = await browser(main.server);
      client.cookies.set('ww_lang', 'de');
      main.provider.signInAs(person());
      expect((await oidcRoundTrip(client)).pathname).toBe('/signed-in');
      expect((await client.get<SessionProfile>('/users/profile')).body.currency).toBe('EUR');
    });

    it('creates no account while sign-ups are closed or by invitation in the console, and still lets existing ones in', async () => {
      const known = person();
      expect((await signInThroughProvider(known)).profile.status).toBe(200);
      for (const registration of ['closed', 'invite']) {
        expect((await mainAdmin.client.put('/admin/settings', { registration })).status).toBe(200);
        const stranger = await signInThroughProvider(person());
        expect([stranger.landing.searchParams.get('oidcError'), stranger.profile.status]).toEqual(['not-registered', 401]);
        expect((await signInThroughProvider(known)).profile.status).toBe(200);
      }
      expect((await mainAdmin.client.put('/admin/settings', { registration: 'open' })).status).toBe(200);
    });

    it('claims the guest list named in the start link, as registration does', async () => {
      const { client, list } = await guestWithList(main.server.url);
      main.provider.signInAs(person());
      const landing = await oidcRoundTrip(client, { query: { claimList: list._id } });
      expect(landing.pathname).toBe('/signed-in');
      expect(landing.searchParams.get('claimList')).toBe(list._id); // the page then forgets its local copy
      const mine = (await client.get<WishlistSummary[]>('/wishlists')).body.map((l) => l._id);
      expect(mine).toEqual([list._id]);
    });

    it('links an account with the same verified e-mail only after its password is given once', async () => {
      const owner = await signUp(main.server.url, 'Linda');
      const sameAddress = person({ email: owner.email });
      const pending = await signInThroughProvider(sameAddress);
      expect(pending.landing.searchParams.get('oidcLink')).toBe('1');
      expect(pending.profile.status).toBe(401); // not signed in yet
      expect((await pending.client.get<SignInOptions>('/users/sign-in-options')).body.pendingLink).toEqual({ email: owner.email });

      const wrong = await pending.client.post('/users/oidc/link', { password: 'not the password' });
      expect(wrong.status).toBe(401);
      // Only the password was asked: the refusal names the password, not 'email or password'.
      expect(wrong.body.message).toBe('That is not the password of this account. Please try again.');
      expect((await pending.client.post('/users/oidc/link', { password: '' })).body.message).toBe('Please enter a password.');
      expect(await identities(main.server, owner.id)).toEqual([]);

      // Another browser cannot finish this link: the pending sign-in lives in the first one.
      const elsewhere = await browser(main.server);
      expect((await elsewhere.post('/users/oidc/link', { password: PASSWORD })).body).toMatchObject({ message: expect.stringContaining('expired') });

      const linked = await pending.client.post<SessionProfile>('/users/oidc/link', { password: PASSWORD });
      expect(linked.status).toBe(200);
      expect(linked.body._id).toBe(owner.id);
      expect(await identities(main.server, owner.id)).toEqual([sameAddress.sub]);

      // From now on the provider alone signs in to that account.
      const later = await signInThroughProvider(sameAddress);
      expect(later.landing.pathname).toBe('/signed-in');
      expect(later.profile.body._id).toBe(owner.id);
    });

    it('never links or creates an account through an e-mail the provider does not confirm', async () => {
      const owner = await signUp(main.server.url, 'Victim');
      const attacker = person({ email: owner.email, email_verified: false });
      const attempt = await signInThroughProvider(attacker);
      expect(attempt.landing.searchParams.get('oidcError')).toBe('unverified');
      expect(attempt.profile.status).toBe(401);
      expect((await attempt.client.get<SignInOptions>('/users/sign-in-options')).body.pendingLink).toBeNull();
      expect(await identities(main.server, owner.id)).toEqual([]);

      const newcomer = person({ email_verified: false });
      const unconfirmed = await signInThroughProvider(newcomer);
      expect(unconfirmed.landing.searchParams.get('oidcError')).toBe('unverified');
      const taken = await new ApiClient(main.server.url).post('/users/register', { name: 'N', email: newcomer.email, password: PASSWORD, domain: 'localhost' });
      expect(taken.status).toBe(201); // no account was made with that address
    });

    it('refuses an answer whose state was not the one this browser sent', async () => {
      const attempt = await signInThroughProvider(person(), main, { alterAuthorizationUrl: (url) => url.searchParams.set('state', 'forged-state') });
      expect(attempt.landing.searchParams.get('oidcError')).toBe('failed');
      expect(attempt.profile.status).toBe(401);
    });

    it('refuses an ID token whose nonce was not the one this browser sent', async () => {
      const attempt = await signInThroughProvider(person(), main, { alterAuthorizationUrl: (url) => url.searchParams.set('nonce', 'forged-nonce') });
      expect(attempt.landing.searchParams.get('oidcError')).toBe('failed');
      expect(attempt.profile.status).toBe(401);
    });

    it('refuses a callback this browser never started', async () => {
      const client = await browser(main.server);
      const callback = await client.get('/users/oidc/callback?code=stolen&state=guessed');
      expect(callback.status).toBe(302);
      expect(new URL(callback.headers.get('location')!, main.server.url).searchParams.get('oidcError')).toBe('failed');
      expect((await client.get('/users/profile')).status).toBe(401);
    });

    it('makes members of OIDC_ADMIN_GROUP admins, and takes the role back when they leave it', async () => {
      const someone = person({ groups: [ADMIN_GROUP, 'family'] });
      const asMember = await signInThroughProvider(someone);
      expect(asMember.profile.body.isAdmin).toBe(true);
      expect((await asMember.client.get('/users')).status).toBe(200);

      const afterLeaving = await signInThroughProvider({ ...someone, groups: ['family'] });
      expect(afterLeaving.profile.body.isAdmin).toBe(false);
      expect((await asMember.client.get('/users')).status).toBe(403);
    });

    it("ends a member's open admin event stream at once when a sign-in without the group takes the role back", async () => {
      const someone = person({ groups: [ADMIN_GROUP] });
      const asMember = await signInThroughProvider(someone);
      const stream = await SseConnection.open(`${main.server.url}/api/v1/admin/events`, { cookie: [...asMember.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
      try {
        expect(stream.response.status).toBe(200);
        await signInThroughProvider({ ...someone, groups: [] });
        await stream.waitForEnd(2000); // keep-alives are 15 s apart
      } finally {
        stream.close();
      }
    });

    it('refuses a disabled account', async () => {
      const someone = person();
      const { profile } = await signInThroughProvider(someone);
      const store = await main.server.openStore();
      await store.db.update(store.tables.users).set({ isDisabled: true }).where(eq(store.tables.users.id, profile.body._id));
      await store.close();
      const again = await signInThroughProvider(someone);
      expect(again.landing.searchParams.get('oidcError')).toBe('disabled');
      expect(again.profile.status).not.toBe(200);
    });
  });

  describe('an account the provider made has no password until its owner sets one', () => {
    it('says so in the profile; the reset mail to its address sets the first one, and then it signs in with it too', async () => {
      const someone = person();
      const { client, profile } = await signInThroughProvider(someone);
      expect(profile.body.hasPassword).toBe(false);

      // /change-password typed by hand: told there is no password yet (not that it is wrong), nothing set.
      const change = await client.put('/users/profile/password', { currentPassword: '', newPassword: PASSWORD });
      expect(change).toMatchObject({ status: 400, body: { message: 'Your account has no password yet, so there is none to change. Set a password from My Account: we email you a link.' } });
      expect((await client.get<SessionProfile>('/users/profile')).body.hasPassword).toBe(false);

      // 'Set a password' in My Account asks for the reset mail to the account's own address.
      expect((await client.post('/users/forgot-password', { email: someone.email })).status).toBe(200);
      const mail = await smtp.waitForMail(someone.email!);
      expect(mail.subject).toBe('Set a password for your Wishwell account'); // not 'Reset your …': it has none
      expect(mail.text).toContain('asked to set a password for your Wishwell account, which has none yet');
      expect(mail.text.replace(/\/reset-password\/\S+/, '')).not.toMatch(/reset/i); // the link's path aside
      const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      const set = await new ApiClient(main.server.url).put<SessionProfile>(`/users/reset-password/${token}`, { password: PASSWORD });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ _id: profile.body._id, hasPassword: true });

      const byPassword = await browser(main.server);
      const login = await byPassword.post<SessionProfile>('/users/login', { email: someone.email, password: PASSWORD });
      expect(login.body).toMatchObject({ _id: profile.body._id, hasPassword: true });
      expect((await byPassword.get<SessionProfile>('/users/profile')).body.hasPassword).toBe(true);

      // With a password now, the next mail resets it.
      expect((await byPassword.post('/users/forgot-password', { email: someone.email })).status).toBe(200);
      await waitUntil(() => smtp.mails.filter((m) => m.to.includes(someone.email!)).length === 2, 'the second mail');
      expect(smtp.mails.filter((m) => m.to.includes(someone.email!))[1]!.subject).toBe('Reset your Wishwell password');
    });

    it.each(['de', 'fr', 'es'] as const)('offers to set a password in the asker’s language (%s)', async (language) => {
      const someone = person();
      const { client } = await signInThroughProvider(someone);
      const asked = await client.post('/users/forgot-password', { email: someone.email }, { headers: { 'accept-language': language } });
      expect(asked.status).toBe(200);
      const texts = LANGUAGE_FILES[language].server.mail.setPassword;
      const mail = await smtp.waitForMail(someone.email!);
      expect(mail.subject).toBe(texts.subject.replace('{{company}}', 'Wishwell'));
      expect(mail.text).toContain(texts.body.replace('{{company}}', 'Wishwell'));
    });

    it('says a password account has one', async () => {
      const owner = await signUp(main.server.url, 'Paula');
      const client = await browser(main.server);
      expect((await client.post<SessionProfile>('/users/login', { email: owner.email, password: PASSWORD })).body.hasPassword).toBe(true);
    });
  });

  describe('signing out of a session that came through the provider', () => {
    /** What the browser does at the provider's end-session page: confirm "Yes, sign me out", then follow it back. */
    async function confirmAtProvider(endSessionUrl: URL, siteOrigin: string, jar: Map<string, string>): Promise<URL> {
      const page = await fetch(endSessionUrl, { headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      const html = await page.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !xsrf) throw new Error(`no sign-out form at the provider: ${html.slice(0, 200)}`);
      return followAtProvider(new URL(action, endSessionUrl), siteOrigin, jar, new URLSearchParams({ xsrf, logout: 'yes' }));
    }

    it('ends the provider session too: the answer sends the browser there with the ID token as hint, and the provider sends it back', async () => {
      const someone = person();
      const jar = new Map<string, string>();
      const { client, profile } = await signInThroughProvider(someone, main, { providerCookies: jar });
      const loginsAtStart = main.provider.logins;
      // While the provider's session lives, signing in again asks nothing there.
      expect((await oidcRoundTrip(client, { providerCookies: jar })).pathname).toBe('/signed-in');
      expect(main.provider.logins).toBe(loginsAtStart);
      expect(await storedIdTokens(main.server, profile.body._id)).toBeGreaterThan(0); // kept on the server

      const signOut = await client.post<SignOutAnswer>('/users/logout');
      expect(signOut.status).toBe(200);
      expect(signOut.body.message).toBe('You are signed out.');
      const endSession = new URL(signOut.body.endSessionUrl!);
      expect(endSession.origin).toBe(main.provider.issuer);
      expect(endSession.searchParams.get('client_id')).toBe('wishwell');
      expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${main.server.url}/`);
      const hint = JSON.parse(Buffer.from(endSession.searchParams.get('id_token_hint')!.split('.')[1]!, 'base64url').toString());
      expect(hint).toMatchObject({ iss: main.provider.issuer, sub: someone.sub, aud: 'wishwell' });
      expect(JSON.stringify(profile.body)).not.toContain(endSession.searchParams.get('id_token_hint')); // the page never held it
      expect((await client.get('/users/profile')).status).toBe(401); // signed out here at once
      expect(await storedIdTokens(main.server, profile.body._id)).toBe(0);

      const back = await confirmAtProvider(endSession, main.server.url, jar);
      expect(back.href).toBe(`${main.server.url}/`);
      // The provider forgot the person: the next sign-in goes through its login step again.
      expect((await oidcRoundTrip(client, { providerCookies: jar })).pathname).toBe('/signed-in');
      expect(main.provider.logins).toBe(loginsAtStart + 1);
    });

    it('keeps the ID token of a session that linked an account by password, and leaves password sessions alone', async () => {
      const owner = await signUp(main.server.url, 'Lena');
      const pending = await signInThroughProvider(person({ email: owner.email }));
      const linked = await pending.client.post<SessionProfile>('/users/oidc/link', { password: PASSWORD });
      expect(linked.status).toBe(200);
      expect((await pending.client.post<SignOutAnswer>('/users/logout')).body.endSessionUrl).toContain(main.provider.issuer);

      const byPassword = await browser(main.server);
      expect((await byPassword.post('/users/login', { email: owner.email, password: PASSWORD })).status).toBe(200);
      expect((await byPassword.post<SignOutAnswer>('/users/logout')).body).toEqual({ message: 'You are signed out.' });
    });
  });
});

describe('OIDC_AUTO_REGISTER=false and PASSWORD_LOGIN=false', () => {
  let closed: { server: TestServer; provider: TestOidcProvider };
  beforeAll(async () => (closed = await serverWithProvider({ OIDC_AUTO_REGISTER: 'false', PASSWORD_LOGIN: 'false' })));
  afterAll(async () => {
    await closed.provider.stop();
    await closed.server.stop();
  });

  it('turns password sign-in, registration and resets off on the server, not only on the page', async () => {
    const client = await browser(closed.server);
    expect((await client.get<SignInOptions>('/users/sign-in-options')).body).toMatchObject({ passwordLogin: false, oidc: { label: 'Test ID' } });
    const refused = 'Signing in with an email address and password is turned off on this site.';
    expect(await client.post('/users/login', { email: 'a@example.com', password: PASSWORD })).toMatchObject({ status: 403, body: { message: refused } });
    expect(await client.post('/users/register', { name: 'A', email: 'a@example.com', password: PASSWORD })).toMatchObject({ status: 403, body: { message: refused } });
    expect(await client.post('/users/forgot-password', { email: 'a@example.com' })).toMatchObject({ status: 403, body: { message: refused } });
    expect(await client.put('/users/reset-password/any-token', { password: PASSWORD })).toMatchObject({ status: 403, body: { message: refused } });
  });

  it('lets only existing accounts in', async () => {
    const stranger = await signInThroughProvider(person(), closed);
    expect(stranger.landing.searchParams.get('oidcError')).toBe('not-registered');
    expect(stranger.profile.status).toBe(401);
  });
});

describe('a provider without an end-session endpoint', () => {
  it('signs out here only when the provider has no end-session endpoint', async () => {
    const plain = await serverWithProvider({}, { endSession: false });
    try {
      const client = await browser(plain.server);
      plain.provider.signInAs(person());
      expect((await oidcRoundTrip(client)).pathname).toBe('/signed-in');
      const signOut = await client.post<SignOutAnswer>('/users/logout');
      expect(signOut.body).toEqual({ message: 'You are signed out.' });
      expect((await client.get('/users/profile')).status).toBe(401);
    } finally {
      await plain.provider.stop();
      await plain.server.stop();
    }
  });
});

describe('when the provider is down', () => {
  it('sends the browser back to the login page with the reason, and signs in once it is back', async () => {
    const port = await freePort();
    const server = await startTestServer({ OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: 'wishwell', OIDC_CLIENT_SECRET: 'a-client-secret-for-tests-only' });
    try {
      const client = await browser(server);
      const landing = await oidcRoundTrip(client, { query: { claimList: 'kept-list-id' } });
      expect(landing.pathname).toBe('/login');
      expect(landing.searchParams.get('oidcError')).toBe('unavailable');
      expect(landing.searchParams.get('claimList')).toBe('kept-list-id');

      const provider = await startOidcProvider(server.url, port);
      try {
        provider.signInAs(person());
        expect((await oidcRoundTrip(client)).pathname).toBe('/signed-in');
      } finally {
        await provider.stop();
      }
    } finally {
      await server.stop();
    }
  });
});

describe('a provider per domain (OIDC_PROVIDERS_FILE)', () => {
  it('offers and uses the provider listed for the hostname the browser used, the OIDC_* one elsewhere', async () => {
    const [defaultPort, familyPort] = [await freePort(), await freePort()];
    const dir = mkdtempSync(join(tmpdir(), 'wishwell-oidc-'));
    const file = join(dir, 'providers.json');
    writeFileSync(file, JSON.stringify({ LocalHost: { issuer: `http://127.0.0.1:${familyPort}`, clientId: 'wishwell', clientSecret: 'a-client-secret-for-tests-only', buttonLabel: 'Family ID' } }));
    const server = await startTestServer({ OIDC_ISSUER: `http://127.0.0.1:${defaultPort}`, OIDC_CLIENT_ID: 'wishwell', OIDC_BUTTON_LABEL: 'Test ID', OIDC_PROVIDERS_FILE: file });
    const familyUrl = server.url.replace('127.0.0.1', 'localhost');
    const family = await startOidcProvider(familyUrl, familyPort);
    try {
      const labelAt = async (url: string) => (await new ApiClient(url).get<SignInOptions>('/users/sign-in-options')).body.oidc?.label;
      expect(await labelAt(server.url)).toBe('Test ID');
      expect(await labelAt(familyUrl)).toBe('Family ID');

      const someone = person({ name: 'Fran Family' });
      family.signInAs(someone);
      const client = new ApiClient(familyUrl);
      await client.get('/users/sign-in-options');
      expect((await oidcRoundTrip(client)).pathname).toBe('/signed-in');
      const profile = (await client.get<SessionProfile>('/users/profile')).body;
      expect(profile).toMatchObject({ name: 'Fran Family', registeredOnDomain: 'localhost' });
      expect(await identities(server, profile._id)).toEqual([someone.sub]);
      // The other hostname's provider (not running) is the one its start link uses.
      expect((await oidcRoundTrip(await browser(server))).searchParams.get('oidcError')).toBe('unavailable');
    } finally {
      await family.stop();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
