import { expect } from '@playwright/test';
import { sharedOwnServer } from './own-server';

/**
 * The run's server without a mail server configured (started the way the suite's is, shared by
 * the specs that need one): runs `use` with its base URL.
 */
export async function withMaillessServer(use: (base: string) => Promise<void>): Promise<void> {
  const base = await sharedOwnServer('mailless', { SMTP_URL: '' });
  expect(await (await fetch(`${base}/api/v1/health`)).json()).toMatchObject({ canSendMail: false });
  await use(base);
}
