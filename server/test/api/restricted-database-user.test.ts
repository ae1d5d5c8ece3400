import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL } from 'bun';
import { inject } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

// An operator's database user that may create tables in its schema but not new schemas, nor drop
// what another user owns (a common managed-PostgreSQL set-up). Two start-up steps need more:
// the shared rate-limit table (its own schema) and removing a dead restore's staging schema.
// Both fall back and say so in the log; the server still starts and limits still hold.
describe('a PostgreSQL user with rights to its own tables only', () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const role = `wishwell_limited_${suffix}`;
  const database = `wishwell_limited_${suffix}`;
  const staging = 'wishwell_staging_left_by_a_crash';
  let superuser: SQL;
  let server: TestServer;

  beforeAll(async () => {
    const clusterUrl = inject('postgresUrl');
    superuser = new SQL(clusterUrl, { max: 1 });
    await superuser.unsafe(`CREATE ROLE ${role} LOGIN PASSWORD 'limited'`);
    await superuser.unsafe(`CREATE DATABASE ${database}`);
    const inDatabase = new SQL(clusterUrl.replace(/\/[^/]*$/, `/${database}`), { max: 1 });
    await inDatabase.unsafe(`GRANT USAGE, CREATE ON SCHEMA public TO ${role}`);
    // Another user's staging schema, as a restore run by the superuser that crashed would leave.
    await inDatabase.unsafe(`CREATE SCHEMA ${staging}`);
    await inDatabase.close();
    const url = new URL(clusterUrl);
    url.username = role;
    url.password = 'limited';
    url.pathname = `/${database}`;
    server = await startTestServer({ DATABASE_URL: url.toString(), RATE_LIMIT_GUEST_LIST_IP: '3' });
  });
  afterAll(async () => {
    await server?.stop();
    await superuser?.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await superuser?.unsafe(`DROP ROLE IF EXISTS ${role}`);
    await superuser?.close();
  });

  it('starts, and tells the operator rate limits are counted per replica and the staging schema stayed', () => {
    expect(server.output()).toContain('Rate limits are counted per replica: the table wishwell_runtime.rate_limit_counts could not be created');
    expect(server.output()).toContain('Could not look for staging schemas an interrupted restore left');
  });

  it('signs sessions with its data dir\'s secret, and tells the operator to set JWT_SECRET for several replicas', async () => {
    expect(server.output()).toContain('set JWT_SECRET, the same on every replica');
    const client = new ApiClient(server.url);
    expect((await client.post('/users/register', { name: 'Rita', email: 'rita@example.com', password: 'correct horse battery', domain: 'localhost' })).status).toBe(201);
    expect((await client.get('/users/profile')).status).toBe(200);
  });

  it('still limits guest lists per IP (in this process) and serves everything else', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await new ApiClient(server.url).post('/wishlists/guest', { name: `List ${attempt}`, theme: 'Other' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  });
});
