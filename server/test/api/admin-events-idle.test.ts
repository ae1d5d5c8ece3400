/**
 * An admin event stream outlives Bun's HTTP idle timeout (10 s) while its keep-alives are further
 * apart: the stream sets its own connection's timeout. A file of its own, on SQLite only
 * (vitest.config.ts): its server needs keep-alives a minute apart, beside admin-events.test.ts's
 * second-apart ones, and what it waits for is the HTTP server's timeout, which no engine changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { SseConnection } from '../support/sse-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let connection: SseConnection | null = null;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EVENTS_KEEPALIVE_SECONDS: '60' });
});
afterAll(async () => {
  connection?.close();
  await server.stop();
});

describe('an idle stream', () => {
  it('stays open past the HTTP idle timeout (10 s) while its keep-alives are further apart', async () => {
    const client = new ApiClient(server.url);
    const registered = await client.post('/users/register', { name: 'Quinn', email: 'quinn@example.com', password: 'correct horse battery', domain: 'localhost' });
    connection = await SseConnection.open(`${server.url}/api/v1/admin/events`, { authorization: `Bearer ${registered.body.token}` });
    await new Promise((resolve) => setTimeout(resolve, 12_000)); // Bun's own idle timeout, not a clock of ours
    // A scrape the server refuses (a private address) is announced at once.
    expect((await client.post('/scrape', { url: 'http://10.0.0.9/after-a-quiet-while' })).status).toBeGreaterThanOrEqual(400);
    await connection.waitForMessages(1, 3000);
  });
});
