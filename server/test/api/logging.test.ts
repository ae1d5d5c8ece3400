/**
 * Logging: the events an operator audits are JSON lines with request id, user id, route and
 * outcome; passwords, tokens, cookies, reset links and authorization headers never appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';

const PASSWORD = 'SENTINEL-password-4f1c';
const NEW_PASSWORD = 'SENTINEL-newpass-9d2a';
const RESET_PASSWORD = 'SENTINEL-resetpass-77b0';

let server: TestServer;
let smtp: TestSmtpServer;
/** Every secret the flows below handled; none may show up in the server's output. */
const secrets = new Set<string>([PASSWORD, NEW_PASSWORD, RESET_PASSWORD]);

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_FORGOT_IP: '2' });
  await runSensitiveFlows();
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

function remember(client: ApiClient): void {
  for (const value of client.cookies.values()) if (value.length >= 16) secrets.add(decodeURIComponent(value));
}

async function runSensitiveFlows(): Promise<void> {
  const email = `logged.${Date.now()}@example.com`;
  const user = new ApiClient(server.url);
  const registered = await user.post('/users/register', { name: 'Logan', email, password: PASSWORD });
  secrets.add(registered.body.token);
  await new ApiClient(server.url).post('/users/login', { email, password: `${PASSWORD}-wrong` });
  const signedIn = await user.post('/users/login', { email, password: PASSWORD });
  secrets.add(signedIn.body.token);
  remember(user);
  await new ApiClient(server.url).get('/wishlists', { bearer: signedIn.body.token }); // bearer path
  await new ApiClient(server.url).get('/wishlists', { bearer: `${signedIn.body.token}x` }); // a forged one: 401
  const changed = await user.put('/users/profile/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
  secrets.add(changed.body.token);
  remember(user);
  await new ApiClient(server.url).post('/users/forgot-password', { email });
  const mail = await smtp.waitForMail(email);
  const resetToken = mail.text.match(/\/reset-password\/([\w-]+)/)![1]!;
  secrets.add(resetToken);
  const reset = await new ApiClient(server.url).put(`/users/reset-password/${resetToken}`, { password: RESET_PASSWORD });
  secrets.add(reset.body.token);
  for (let i = 0; i < 2; i++) await new ApiClient(server.url).post('/users/forgot-password', { email }); // the third is over the limit
  const guest = new ApiClient(server.url);
  const list = (await guest.post<Wishlist>('/wishlists/guest', { name: 'Guest list', theme: 'Other' })).body;
  remember(guest);
  const form = new FormData();
  form.append('image', new File(['not an image'], 'x.png', { type: 'image/png' }));
  await guest.call('POST', '/upload', undefined, { raw: form });
  await guest.post('/users/logout');
  await user.post('/users/logout');
  expect(list._id).toBeTruthy();
}

/** The server's JSON log lines. */
function events(): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('structured logs', () => {
  it('never contain a password, token, cookie value or reset link', () => {
    const output = server.output();
    expect(secrets.size).toBeGreaterThan(8);
    const leaked = [...secrets].filter((secret) => output.includes(secret));
    expect(leaked).toEqual([]);
    expect(output).not.toMatch(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/);
  });

  it('have one JSON line per audited event, with request id, user id, route and outcome', () => {
    const lines = events();
    const find = (event: string, outcome: string) => lines.find((line) => line.event === event && line.outcome === outcome);
    expect(find('sign-in', 'refused')).toMatchObject({ status: 401, route: 'POST /api/v1/users/login', userId: null });
    expect(find('sign-in', 'ok')).toMatchObject({ status: 200, userId: expect.any(String), requestId: expect.any(String) });
    expect(find('password.change', 'ok')).toMatchObject({ userId: expect.any(String) });
    expect(find('password.reset', 'ok')).toMatchObject({ route: 'PUT /api/v1/users/reset-password/:token' });
    expect(find('access.refused', 'refused')).toMatchObject({ route: 'GET /api/v1/wishlists', status: 401 });
    expect(find('password.reset-request', 'rate-limited')).toMatchObject({ status: 429 });
    expect(find('upload', 'failed')).toMatchObject({ status: 422 });
    expect(find('sign-out', 'ok')).toBeTruthy();
    for (const line of lines) expect(Object.keys(line)).toEqual(expect.arrayContaining(['time', 'level', 'event']));
  });
});
