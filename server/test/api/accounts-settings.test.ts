/**
 * Accounts under settings of their own, each on a server of its own (in the test worker, one at a
 * time: accounts.test.ts keeps its server for the whole file): ADMIN_EMAIL, and the abuse limits
 * on registrations, sign-ins and reset requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HashCost } from '../../src/auth/hash-threads';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A checked guess's hash must take visibly longer than a refusal (the bursts below), also when a
 * refusal waits on PostgreSQL on a loaded machine: 32 MiB, three passes, ~50 ms of a core (4 MiB,
 * one pass, lost that race under load). Production's cost proves nothing more here.
 */
const BURST_HASH_COST: HashCost = { memoryCost: 32768, timeCost: 3 };

let counter = 0;
function uniqueEmail(tag: string): string {
  return `${tag}-${++counter}-${Date.now()}@example.com`;
}

describe('ADMIN_EMAIL', () => {
  it('ADMIN_EMAIL promotes that account at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wishwell-admin-email-'));
    try {
      const first = await startTestServer({}, dir);
      const client = new ApiClient(first.url);
      await client.post('/users/register', { name: 'Owner', email: 'owner@example.com', password: 'correct horse' });
      await client.post('/users/register', { name: 'Helper', email: 'helper@example.com', password: 'correct horse' });
      await first.stop();
      const again = await startTestServer({ ADMIN_EMAIL: 'Helper@Example.com' }, dir);
      const login = await new ApiClient(again.url).post('/users/login', { email: 'helper@example.com', password: 'correct horse' });
      await again.stop();
      expect(login.body.isAdmin).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      env: { TRUST_PROXY: '1', RATE_LIMIT_LOGIN_IP: '4', RATE_LIMIT_LOGIN_ACCOUNT: '3', RATE_LIMIT_REGISTER_IP: '3', RATE_LIMIT_FORGOT_IP: '2' },
      passwordHashCost: BURST_HASH_COST,
    });
  });
  afterAll(() => limited.stop());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('limits registrations per IP', async () => {
    const client = new ApiClient(limited.url);
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/users/register', { name: 'R', email: uniqueEmail('r'), password: 'correct horse' }, from('10.0.0.1'))).status).toBe(201);
    }
    const refused = await client.post('/users/register', { name: 'R', email: uniqueEmail('r'), password: 'correct horse' }, from('10.0.0.1'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many accounts created from here\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await client.post('/users/register', { name: 'R', email: 'victim@example.com', password: 'correct horse' }, from('10.0.0.2'))).status).toBe(201);
  });

  it('limits sign-in attempts per IP', async () => {
    const client = new ApiClient(limited.url);
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/users/login', { email: uniqueEmail('guess'), password: 'guess guess' }, from('10.0.1.1'))).status).toBe(401);
    }
    const refused = await client.post('/users/login', { email: 'victim@example.com', password: 'correct horse' }, from('10.0.1.1'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many sign-in attempts/);
  });

  it('limits failed sign-ins per account, from any IP, even before the right password', async () => {
    const client = new ApiClient(limited.url);
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/users/login', { email: 'victim@example.com', password: 'wrong guess' }, from(`10.0.2.${i}`))).status).toBe(401);
    }
    const refused = await client.post('/users/login', { email: 'victim@example.com', password: 'correct horse' }, from('10.0.2.9'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many failed sign-ins for this account/);
  });

  /**
   * Fires the wrong sign-ins at once; answers how many got each status, and the 429s. Refusals
   * that cost no hash arrive before any checked guess is answered (each waits for its hash, see
   * BURST_HASH_COST): counted after hashing, they would trail the first 401.
   */
  async function burst(attempts: { email: string; ip: string }[]) {
    const client = new ApiClient(limited.url);
    let answered = 0;
    const answers = await Promise.all(
      attempts.map(({ email, ip }) => client.post('/users/login', { email, password: 'wrong guess' }, from(ip)).then((answer) => ({ ...answer, order: answered++ }))),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.map((a) => a.order).sort((a, b) => a - b)).toEqual(refused.map((_, i) => i));
    return { unauthorized: answers.filter((a) => a.status === 401).length, refused };
  }

  it('counts parallel guesses at an account before hashing: only its budget is checked, the rest refused at once, with or without an account', async () => {
    const client = new ApiClient(limited.url);
    expect((await client.post('/users/register', { name: 'B', email: 'burst@example.com', password: 'correct horse' }, from('10.0.4.1'))).status).toBe(201);
    for (const email of ['burst@example.com', 'nobody.burst@example.com']) {
      const { unauthorized, refused } = await burst(Array.from({ length: 8 }, (_, i) => ({ email, ip: `10.0.5.${i}` })));
      expect(unauthorized).toBe(3);
      expect(refused).toHaveLength(5);
      for (const answer of refused) {
        expect(answer.body.message).toMatch(/^Too many failed sign-ins for this account\. Please try again in 15 minutes\.$/);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(800);
      }
    }
  });

  it('counts parallel guesses from one IP before hashing, whatever the addresses', async () => {
    const { unauthorized, refused } = await burst(Array.from({ length: 8 }, () => ({ email: uniqueEmail('spray'), ip: '10.0.6.1' })));
    expect(unauthorized).toBe(4);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.body.message).toMatch(/^Too many sign-in attempts\./);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('limits password reset requests per IP', async () => {
    const client = new ApiClient(limited.url);
    for (let i = 0; i < 2; i++) expect((await client.post('/users/forgot-password', { email: uniqueEmail('f') }, from('10.0.3.1'))).status).toBe(200);
    const refused = await client.post('/users/forgot-password', { email: uniqueEmail('f') }, from('10.0.3.1'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many password reset requests/);
  });
});
