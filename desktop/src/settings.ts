import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the app remembers between launches (a JSON file in Electron's userData directory). */
export interface DesktopSettings {
  /** The Wishwell server's origin, e.g. https://wishes.example.com. */
  serverOrigin?: string;
}

export const SETTINGS_FILE = 'settings.json';

/** The saved settings; a missing or unreadable file means none (the first-launch form asks again). */
export async function loadSettings(dir: string): Promise<DesktopSettings> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'));
    const origin = (parsed as DesktopSettings | null)?.serverOrigin;
    return typeof origin === 'string' ? { serverOrigin: origin } : {};
  } catch {
    return {};
  }
}

/** Writes the settings whole (temp file, then rename), so a crash never leaves half a file. */
export async function saveSettings(dir: string, settings: DesktopSettings): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `${SETTINGS_FILE}.${process.pid}.tmp`);
  await writeFile(temp, JSON.stringify(settings, null, 2) + '\n');
  await rename(temp, join(dir, SETTINGS_FILE));
}
