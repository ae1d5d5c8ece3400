// The run's mail catcher (see mail.ts), started by the global set-up (global-setup.ts). The
// function it returns stops it.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpServer } from '@wishwell/server/test-support/smtp';
import { E2E_SMTP_PORT } from './constants';
import { MAIL_DIR } from './mail';

export default async function startMailCatcher(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIR, { recursive: true, force: true }); // a killed run's mails
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const smtp = await startSmtpServer(E2E_SMTP_PORT, (mail) => {
    // Written whole, then renamed: a reader never meets half a file.
    const name = `${++count}.json`;
    writeFileSync(join(MAIL_DIR, `${name}.part`), JSON.stringify(mail));
    renameSync(join(MAIL_DIR, `${name}.part`), join(MAIL_DIR, name));
  });
  return async () => {
    await smtp.stop();
    rmSync(MAIL_DIR, { recursive: true, force: true });
  };
}
