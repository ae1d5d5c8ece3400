import { expect } from '@playwright/test';
import { startOwnServer } from './own-server';

/**
 * A second real server, started the way the suite's is but with no mail server configured; runs
 * `use` with its base URL and stops it afterwards.
 */
export async function withMaillessServer(use: (base: string) => Promise<void>): Promise<void> {
  const server = await startOwnServer({ SMTP_URL: '' });
  try {
    expect(await (await fetch(`${server.base}/api/v1/health`)).json()).toMatchObject({ canSendMail: false });
    await use(server.base);
  } finally {
    server.stop();
  }
}
