import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/db/sqlite-store';
import type { DataStore } from '../../src/db/store';
import { Mailer, MAIL_NOT_CONFIGURED, MAIL_SUCCESS } from '../../src/mail/mailer';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

let dir: string;
let store: DataStore;
let smtp: TestSmtpServer;

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

const logRow = async (recipient: string) => (await store.db.select().from(store.tables.emailLogs)).find((r) => r.recipient === recipient);

describe('Mailer', () => {
  it('delivers over SMTP from MAIL_FROM and logs Success', async () => {
    const mailer = new Mailer(store, { route: async () => ({ smtpUrl: smtp.url, from: 'Wishwell <no-reply@wishwell.test>' }) });
    const outcome = await mailer.send({ to: 'ann@example.com', subject: 'Hello Ann', text: 'A line that is long enough to be folded by quoted-printable encoding, surely: https://example.com/reset-password/abcdefghijklmnopqrstuvwxyz0123456789' });
    mailer.close();
    expect(outcome).toEqual({ sent: true, status: MAIL_SUCCESS });
    const mail = await smtp.waitForMail('ann@example.com');
    expect(mail.from).toBe('no-reply@wishwell.test');
    expect(mail.subject).toBe('Hello Ann');
    expect(mail.text).toContain('https://example.com/reset-password/abcdefghijklmnopqrstuvwxyz0123456789');
    expect(await logRow('ann@example.com')).toMatchObject({ subject: 'Hello Ann', status: MAIL_SUCCESS, sentById: null });
  });

  it('logs the failure when the SMTP server cannot be reached', async () => {
    const printed: string[] = [];
    const closed = await startSmtpServer();
    await closed.stop();
    const mailer = new Mailer(store, { route: async () => ({ smtpUrl: closed.url, from: 'x@wishwell.test' }), print: (t) => printed.push(t) });
    const outcome = await mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'body' });
    expect(outcome.sent).toBe(false);
    expect(outcome.status).toMatch(/^Failed: /);
    expect((await logRow('bob@example.com'))?.status).toBe(outcome.status);
    expect(printed.join('\n')).toContain('bob@example.com');
  });

  it('without SMTP prints the mail and logs that it was not sent', async () => {
    const printed: string[] = [];
    const mailer = new Mailer(store, { route: async () => ({ smtpUrl: null, from: 'x@wishwell.test' }), print: (t) => printed.push(t) });
    const outcome = await mailer.send({ to: 'cat@example.com', subject: 'Reset', text: 'https://host/reset-password/tok' });
    expect(outcome).toEqual({ sent: false, status: MAIL_NOT_CONFIGURED });
    expect(printed.join('\n')).toContain('https://host/reset-password/tok');
    expect((await logRow('cat@example.com'))?.status).toBe(MAIL_NOT_CONFIGURED);
  });
});
