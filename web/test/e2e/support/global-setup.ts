// Playwright's global set-up (playwright.config.ts): the run's mail catcher (mail-catcher.ts) and
// an empty note board for its shared servers (own-server.ts). The function it returns is the
// global tear-down.
import startMailCatcher from './mail-catcher';
import { clearSharedServers, SHARED_SERVERS_DIR, stopSharedServers } from './own-server';
import { rmSync } from 'node:fs';

export default async function globalSetup(): Promise<() => Promise<void>> {
  clearSharedServers();
  const stopMailCatcher = await startMailCatcher();
  return async () => {
    await stopSharedServers();
    await stopMailCatcher();
    rmSync(SHARED_SERVERS_DIR, { recursive: true, force: true });
  };
}
