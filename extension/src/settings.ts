/** What the options page keeps: the Wishwell server's address and a personal API token. */
export interface Settings {
  /** The server's origin, e.g. https://wishes.example.com. */
  server: string;
  token: string;
}

/** The origin of an address typed in the options, or null when it is no http(s) address. */
export function serverOrigin(typed: string): string | null {
  try {
    const url = new URL(typed.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export async function loadSettings(): Promise<Settings | null> {
  const { server, token } = await chrome.storage.local.get(['server', 'token']);
  return typeof server === 'string' && typeof token === 'string' && server && token ? { server, token } : null;
}

export function saveSettings(settings: Settings): Promise<void> {
  return chrome.storage.local.set({ ...settings });
}
