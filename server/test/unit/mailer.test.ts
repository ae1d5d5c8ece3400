import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/db/sqlite-store';
import type { DataStore } from '../../src/db/store';
import { Mailer, MAIL_NOT_CONFIGURED, MAIL_SUCCESS, type MailerOptions } from '../../src/mail/mailer';
import { MailOutbox } from '../../src/mail/outbox';
import { ManualClock } from '../support/manual-clock';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

let dir: string;
let store: DataStore;
let smtp: TestSmtpServer;
/** The outbox's clock: tests move it past a retry's back-off instead of waiting. */
const clock = new ManualClock();
const minutes = (n: number) => clock.jump(n * 60_000);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wishwell-mailer-'));
  store = openSqliteStore(join(dir, 'test.db'));
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

// Each test's outboxes stand for other processes: the lease the last test's holder took runs out first.
beforeEach(() => void minutes(2));

const options = (smtpUrl: string | null, print: (text: string) => void = () => {}): MailerOptions => ({
  route: async () => ({ smtpUrl, from: 'Wishwell <no-reply@wishwell.test>' }),
  tries: 3,
  retryAfterMs: 60_000,
  clock,
  print,
});
const outboxOf = (smtpUrl: string) => new MailOutbox(store, { ...options(smtpUrl), print: () => {} });
const logRow = async (recipient: string) => (await store.db.select().from(store.tables.emailLogs)).find((r) => r.recipient === recipient);
const received = (recipient: string) => smtp.mails.filter((mail) => mail.to.includes(recipient)).length;

describe('Mailer with SMTP: the outbox', () => {
  it('queues the mail (logged Queued), and the worker delivers it from MAIL_FROM with a Message-ID, logged Success', async () => {
    const mailer = new Mailer(store, options(smtp.url));
    const outbox = outboxOf(smtp.url);
    const outcome = await mailer.send({ to: 'ann@example.com', subject: 'Hello Ann', text: 'A line that is long enough to be folded by quoted-printable encoding, surely: https://example.com/reset-password/abcdefghijklmnopqrstuvwxyz0123456789' });
    expect(outcome).toEqual({ sent: true, status: 'Queued' });
    expect(await logRow('ann@example.com')).toMatchObject({ subject: 'Hello Ann', status: 'Queued', sentById: null });
    expect(await outbox.sendDue()).toBe(1);
    const mail = await smtp.waitForMail('ann@example.com');
    expect(mail.from).toBe('no-reply@wishwell.test');
    expect(mail.subject).toBe('Hello Ann');
    expect(mail.text).toMatch(/^Message-ID: <[^>]+@wishwell\.test>/im);
    expect(mail.text).toContain('https://example.com/reset-password/abcdefghijklmnopqrstuvwxyz0123456789');
    expect((await logRow('ann@example.com'))?.status).toBe(MAIL_SUCCESS);
    expect(await outbox.sendDue()).toBe(0);
    expect(received('ann@example.com')).toBe(1);
    await outbox.close();
  });

  it('SMTP down, then up: retried after its back-off and delivered once', async () => {
    const later = await startSmtpServer();
    const port = later.port;
    await later.stop();
    const printed: string[] = [];
    const mailer = new Mailer(store, options(later.url, (t) => printed.push(t)));
    const outbox = outboxOf(later.url);
    await mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'body' });
    expect(await outbox.sendDue()).toBe(1);
    expect((await logRow('bob@example.com'))?.status).toMatch(/^Retrying: try 1 of 3 failed: /);
    const up = await startSmtpServer(port);
    try {
      minutes(0.5);
      expect(await outbox.sendDue()).toBe(0); // not due before its back-off (1 minute)
      minutes(1);
      expect(await outbox.sendDue()).toBe(1);
      await up.waitForMail('bob@example.com');
      expect((await logRow('bob@example.com'))?.status).toBe(MAIL_SUCCESS);
      minutes(60);
      expect(await outbox.sendDue()).toBe(0);
      expect(up.mails.filter((mail) => mail.to.includes('bob@example.com'))).toHaveLength(1);
    } finally {
      await outbox.close();
      await up.stop();
    }
  });

  it('gives up after MAIL_TRIES and logs Failed with the reason', async () => {
    const closed = await startSmtpServer();
    await closed.stop();
    const mailer = new Mailer(store, options(closed.url));
    const outbox = outboxOf(closed.url);
    await mailer.send({ to: 'dan@example.com', subject: 'Hi', text: 'body' });
    for (const backOff of [0, 1, 4]) {
      minutes(backOff);
      expect(await outbox.sendDue()).toBe(1);
    }
    expect((await logRow('dan@example.com'))?.status).toMatch(/^Failed: /);
    minutes(24 * 60);
    expect(await outbox.sendDue()).toBe(0);
    await outbox.close();
  });

  it('a mail left "sending" by a dead process is sent again only once its sending lease has run out', async () => {
    const mailer = new Mailer(store, options(smtp.url));
    await mailer.send({ to: 'eve@example.com', subject: 'Lease', text: 'body' });
    const { mailOutbox } = store.tables;
    // What a process that died inside its SMTP call leaves: the row marked sending, due at the end of its lease.
    await store.db.update(mailOutbox).set({ state: 'sending', dueAt: new Date(clock.now() + 60_000), tries: 1 }).where(eq(mailOutbox.recipient, 'eve@example.com'));
    const outbox = outboxOf(smtp.url);
    expect(await outbox.sendDue()).toBe(0); // still within its sending lease
    minutes(2);
    expect(await outbox.sendDue()).toBe(1);
    await smtp.waitForMail('eve@example.com');
    expect(received('eve@example.com')).toBe(1);
    await outbox.close();
  });

  it('only the process holding the outbox lease sends; another takes over once it expires', async () => {
    const mailer = new Mailer(store, options(smtp.url));
    const first = outboxOf(smtp.url);
    const second = outboxOf(smtp.url);
    await mailer.send({ to: 'fay@example.com', subject: 'One', text: 'body' });
    expect(await first.sendDue()).toBe(1);
    await mailer.send({ to: 'gus@example.com', subject: 'Two', text: 'body' });
    expect(await second.sendDue()).toBe(0);
    minutes(2);
    expect(await second.sendDue()).toBe(1);
    await smtp.waitForMail('gus@example.com');
    expect(received('fay@example.com') + received('gus@example.com')).toBe(2);
    await first.close();
    await second.close();
  });
});

describe('Mailer without SMTP', () => {
  it('prints the mail and logs that it was not sent: nothing is queued', async () => {
    const printed: string[] = [];
    const mailer = new Mailer(store, options(null, (t) => printed.push(t)));
    const outcome = await mailer.send({ to: 'cat@example.com', subject: 'Reset', text: 'https://host/reset-password/tok' });
    expect(outcome).toEqual({ sent: false, status: MAIL_NOT_CONFIGURED });
    expect(printed.join('\n')).toContain('https://host/reset-password/tok');
    expect((await logRow('cat@example.com'))?.status).toBe(MAIL_NOT_CONFIGURED);
    expect((await store.db.select().from(store.tables.mailOutbox)).map((row) => row.recipient)).not.toContain('cat@example.com');
  });
});
