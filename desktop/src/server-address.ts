export type AddressCheck = { ok: true; origin: string } | { ok: false; message: string };

const EXAMPLE = 'https://wishes.example.com';
const HEALTH_PATH = '/api/v1/health';

/**
 * The origin of what the operator typed: a bare host name means https; a pasted page address
 * (…/admin) is cut to its origin; anything but a plain http(s) address is refused with a message.
 */
export function parseServerAddress(input: string): AddressCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: `Enter your Wishwell server's address, e.g. ${EXAMPLE}.` };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: `"${text}" is not a web address. Enter one like ${EXAMPLE}.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `The address must start with https:// or http://, e.g. ${EXAMPLE}.` };
  }
  if (url.username || url.password) return { ok: false, message: 'Leave the user name and password out of the address; you sign in in the app.' };
  return { ok: true, origin: url.origin };
}

/**
 * Parses the address, then checks that a Wishwell server answers its health check there. A
 * redirect (http -> https, a moved host) is followed and the final origin is the one kept.
 */
export async function checkServerAddress(input: string, fetchFn: typeof fetch, timeoutMs = 8000): Promise<AddressCheck> {
  const parsed = parseServerAddress(input);
  if (!parsed.ok) return parsed;
  let response: Response;
  try {
    response = await fetchFn(parsed.origin + HEALTH_PATH, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return { ok: false, message: `No answer from ${parsed.origin} (${reasonOf(error)}). Check the address and your connection.` };
  }
  if (!(await isWishwellHealth(response))) {
    return { ok: false, message: `${parsed.origin} answered, but it is not a Wishwell server (no health report at ${HEALTH_PATH}).` };
  }
  return response.url ? parseServerAddress(response.url) : parsed;
}

async function isWishwellHealth(response: Response): Promise<boolean> {
  if (!response.ok) return false;
  try {
    return ((await response.json()) as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined)?.code : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}
