import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The account's language (My Account, and the footer's menu when signed in): stored on the
// account, answered in every session profile, null meaning "the browser's language".

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function signedUp() {
  const client = new ApiClient(server.url);
  const email = `lang-${++counter}-${Date.now()}@example.com`;
  const res = await client.post('/users/register', { name: 'Lena', email, password: 'correct horse', domain: 'localhost' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { client, email };
}

describe('the account language', () => {
  it('starts as null (the browser decides) on a new account', async () => {
    const { client } = await signedUp();
    expect((await client.get('/users/profile')).body.language).toBeNull();
  });

  it('is saved with the profile form, kept across sign-ins, and cleared with null', async () => {
    const { client, email } = await signedUp();
    const saved = await client.put('/users/profile', { name: 'Lena', email, country: '', language: 'de' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.language).toBe('de');

    const elsewhere = new ApiClient(server.url);
    const login = await elsewhere.post('/users/login', { email, password: 'correct horse' });
    expect(login.body.language).toBe('de');

    const cleared = await client.put('/users/profile', { name: 'Lena', email, language: null });
    expect(cleared.body.language).toBeNull();
    expect((await elsewhere.get('/users/profile')).body.language).toBeNull();
  });

  it('is left as it was when the profile form does not send it', async () => {
    const { client, email } = await signedUp();
    await client.put('/users/profile', { name: 'Lena', email, language: 'fr' });
    const renamed = await client.put('/users/profile', { name: 'Lena B', email, country: 'UK' });
    expect(renamed.body).toMatchObject({ name: 'Lena B', language: 'fr' });
  });

  it("is set alone by the footer's menu (PUT /users/profile/language), leaving the other fields", async () => {
    const { client, email } = await signedUp();
    const res = await client.put('/users/profile/language', { language: 'es' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Lena', email, language: 'es' });
    expect((await client.get('/users/profile')).body.language).toBe('es');
  });

  it('refuses a language Wishwell does not speak with a 400 naming the choices, changing nothing', async () => {
    const { client, email } = await signedUp();
    await client.put('/users/profile/language', { language: 'fr' });
    for (const attempt of [
      () => client.put('/users/profile/language', { language: 'xx' }),
      () => client.put('/users/profile', { name: 'Changed', email, language: 'ko' }),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/en, de, es, fr/);
    }
    expect((await client.get('/users/profile')).body).toMatchObject({ name: 'Lena', language: 'fr' });
  });

  it('needs a signed-in session to change', async () => {
    const res = await new ApiClient(server.url).put('/users/profile/language', { language: 'de' });
    expect(res.status).toBe(401);
  });
});
