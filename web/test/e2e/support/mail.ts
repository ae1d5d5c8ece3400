// The run's one mail catcher: a real SMTP server on E2E_SMTP_PORT, where the e2e server sends its
// mail, started before the first spec and kept to the end of the run (mail-catcher.ts). It keeps
// every mail, one file each, so specs in different workers read their own mails side by side:
// each waits for the mails to its own recipients (unique addresses).
import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReceivedMail } from '@wishwell/server/test-support/smtp';
import { E2E_PORT } from './constants';

/** Where the catcher writes the mails of the run on E2E_PORT. */
export const MAIL_DIR = join(tmpdir(), `wishwell-e2e-mail-${E2E_PORT}`);

const read = new Map<string, ReceivedMail>();

function mailsSoFar(): ReceivedMail[] {
  for (const name of readdirSync(MAIL_DIR)) {
    if (name.endsWith('.json') && !read.has(name)) read.set(name, JSON.parse(readFileSync(join(MAIL_DIR, name), 'utf8')) as ReceivedMail);
  }
  return [...read.values()];
}

/** The first mail to `recipient` the catcher received (already, or within `timeout` ms). */
export async function waitForMail(recipient: string, timeout = 10_000): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  await expect
    .poll(() => (mail = mailsSoFar().find((m) => m.to.includes(recipient))) !== undefined, { message: `a mail to ${recipient}`, timeout, intervals: [50] })
    .toBe(true);
  return mail!;
}
