import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiClient } from '../support/api-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startServerProcess, startTestServer, TEST_ENGINE, withStore, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';
import { ManualClock } from '../support/manual-clock';

/** The outbox's clock: the test moves it past a retry's back-off instead of waiting. */
const clock = new ManualClock();
const forgot = (url: string, email: string) => new ApiClient(url).post('/users/forgot-password', { email, domain: 'localhost' });
const outboxStates = (server: TestServer) => withStore(server, async (store) => store.db.select({ recipient: store.tables.mailOutbox.recipient, state: store.tables.mailOutbox.state }).from(store.tables.mailOutbox));
const logStatus = (server: TestServer, recipient: string) =>
  withStore(server, async (store) => (await store.db.select({ status: store.tables.emailLogs.status }).from(store.tables.emailLogs).where(eq(store.tables.emailLogs.recipient, recipient)))[0]?.status);

describe('the mail outbox, over HTTP', () => {
  let server: TestServer;
  let admin: Account;
  let smtpPort: number;
  beforeAll(async () => {
    const placeholder = await startSmtpServer();
    smtpPort = placeholder.port;
    await placeholder.stop(); // SMTP is down when the server starts
    server = await startTestServer({ env: { SMTP_URL: placeholder.url, MAIL_RETRY_SECONDS: '60' }, clock });
    admin = await signUp(server.url, 'Admin');
  });
  afterAll(async () => server?.stop());

  it('SMTP down, then up: the reset mail is retried after its back-off and arrives once; the e-mail log says so at each step', async () => {
    const user = await signUp(server.url, 'Rita');
    expect((await forgot(server.url, user.email)).status).toBe(200);
    // The reset mail is queued after the answer (it does not tell whether the address has an account).
    for (let i = 0; i < 200 && !(await logStatus(server, user.email)); i++) await Bun.sleep(10);
    expect((await admin.client.post('/admin/jobs/mail.outbox/run')).status).toBe(200);
    expect(await logStatus(server, user.email)).toMatch(/^Retrying: try 1 of 5 failed: /);
    const smtp = await startSmtpServer(smtpPort);
    try {
      expect((await admin.client.post('/admin/jobs/mail.outbox/run')).status).toBe(200);
      expect(smtp.mails).toHaveLength(0); // its back-off has not passed
      clock.jump(61_000);
      expect((await admin.client.post('/admin/jobs/mail.outbox/run')).status).toBe(200);
      const mail = await smtp.waitForMail(user.email);
      expect(mail.text).toContain('/reset-password/');
      expect(await logStatus(server, user.email)).toBe('Success');
      clock.jump(24 * 60 * 60_000);
      expect((await admin.client.post('/admin/jobs/mail.outbox/run')).status).toBe(200);
      expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    } finally {
      await smtp.stop();
    }
  });

  it('the jobs route runs registered jobs for admins only, and names an unknown job', async () => {
    expect((await admin.client.post('/admin/jobs/no-such-job/run')).body).toEqual({ message: 'There is no scheduled job named no-such-job.' });
    expect((await admin.client.post('/admin/jobs/no-such-job/run')).status).toBe(404);
    const user = await signUp(server.url, 'Nobody');
    expect((await user.client.post('/admin/jobs/mail.outbox/run')).status).toBe(403);
    expect((await new ApiClient(server.url).post('/admin/jobs/mail.outbox/run')).status).toBe(401);
  });
});

describe('a server killed between queueing a mail and sending it', () => {
  let smtp: TestSmtpServer;
  let restarted: TestServer | undefined;
  beforeAll(async () => (smtp = await startSmtpServer()));
  afterAll(async () => {
    await restarted?.stop();
    await smtp.stop();
  });

  it('sends it once after the restart', async () => {
    const doomed = await startServerProcess({ SMTP_URL: smtp.url, WISHWELL_TEST_CRASH_AT: 'mail-queued' });
    const user = await signUp(doomed.url, 'Kim');
    await forgot(doomed.url, user.email).catch(() => null); // the process dies before it answers
    expect(await doomed.exited).not.toBe(0);
    expect(smtp.mails).toHaveLength(0);
    restarted = await startTestServer({ SMTP_URL: smtp.url, ...(doomed.databaseUrl ? { DATABASE_URL: doomed.databaseUrl } : {}) }, doomed.dataDir);
    await smtp.waitForMail(user.email, 20_000);
    const settled = async () => (await outboxStates(restarted!)).every((row) => row.state === 'sent');
    for (let i = 0; i < 200 && !(await settled()); i++) await Bun.sleep(25);
    expect(await outboxStates(restarted)).toEqual([{ recipient: user.email, state: 'sent' }]);
    expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('two replicas over one PostgreSQL', () => {
  let smtp: TestSmtpServer;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    a = await startTestServer({ SMTP_URL: smtp.url }); // in the test worker; the other replica is a process
    b = await startServerProcess({ SMTP_URL: smtp.url, DATABASE_URL: a.databaseUrl! });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp.stop();
  });

  it('send each mail once, whichever replica queued it', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(i % 2 ? b.url : a.url, `Replica${i}`)));
    await Promise.all(users.map((user, i) => forgot(i % 2 ? a.url : b.url, user.email)));
    const settled = async () => {
      const rows = await outboxStates(a);
      return rows.length === users.length && rows.every((row) => row.state === 'sent');
    };
    for (let i = 0; i < 800 && !(await settled()); i++) await Bun.sleep(25);
    expect(await settled()).toBe(true);
    for (const user of users) expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect(smtp.mails).toHaveLength(users.length);
  });
});
