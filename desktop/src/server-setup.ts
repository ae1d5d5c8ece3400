import type { SetupApi } from './ipc-channels';
import { checkServerAddress } from './server-address';
import { loadSettings, saveSettings } from './settings';

export interface ServerSetupDeps {
  settingsDir: string;
  fetchFn: typeof fetch;
  /** Called once a checked address has been saved. */
  onConnected(origin: string): void;
}

/** The first-launch form (and the Change Server menu item): check the address, remember it, connect. */
export function serverSetup(deps: ServerSetupDeps): SetupApi {
  return {
    current: async () => (await loadSettings(deps.settingsDir)).serverOrigin ?? '',
    connect: async (address) => {
      const check = await checkServerAddress(address, deps.fetchFn);
      if (!check.ok) return check;
      await saveSettings(deps.settingsDir, { ...(await loadSettings(deps.settingsDir)), serverOrigin: check.origin });
      deps.onConnected(check.origin);
      return { ok: true };
    },
  };
}
