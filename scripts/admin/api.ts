// What scripts/backup.ts and scripts/restore.ts share: the command line, signing in as an admin
// over the API, and a progress bar on stderr.
import { parseArgs } from 'node:util';

export interface AdminApi {
  /** The server's address, without a trailing slash. */
  baseUrl: string;
  /** Authorization header value of an admin's session or personal API token. */
  authorization: string;
  /** A personal API token (wwp_…), which a restore need not end, rather than a session. */
  personalToken: boolean;
}

export const CREDENTIALS_HELP = [
  'Credentials: WISHWELL_TOKEN (a personal API token with the admin scope, or a session token), or --email EMAIL with WISHWELL_PASSWORD.',
  'The server: --url https://wishes.example.com (or WISHWELL_URL).',
].join('\n');

/** The script's flags and positionals; exits with the usage on a bad command line. */
export function scriptArgs<Extra extends Record<string, { type: 'string' }>>(usage: string, options: Extra) {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { url: { type: 'string' }, email: { type: 'string' }, ...options }, allowPositionals: true });
  } catch (error) {
    fail(`${(error as Error).message}\n\nUsage: ${usage}\n${CREDENTIALS_HELP}`, 2);
  }
}

/** Signs in (or takes WISHWELL_TOKEN) and checks the account is an admin's. */
export async function adminApi(flags: { url?: string; email?: string }, usage: string): Promise<AdminApi> {
  const baseUrl = (flags.url ?? process.env.WISHWELL_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) fail(`Say which server: --url https://…\n\nUsage: ${usage}\n${CREDENTIALS_HELP}`, 2);
  const token = process.env.WISHWELL_TOKEN ?? (await signIn(baseUrl, flags.email, usage));
  const api = { baseUrl, authorization: `Bearer ${token}`, personalToken: token.startsWith('wwp_') };
  const profile = await fetch(`${baseUrl}/api/v1/users/profile`, { headers: { authorization: api.authorization } });
  if (profile.status !== 200) fail(`The server refused the credentials (${profile.status}): ${await messageOf(profile)}`);
  if (!((await profile.json()) as { isAdmin?: boolean }).isAdmin) fail('That account is not an admin: only admins may back up or restore.');
  return api;
}

async function signIn(baseUrl: string, email: string | undefined, usage: string): Promise<string> {
  const password = process.env.WISHWELL_PASSWORD;
  if (!email || !password) fail(`No credentials.\n\nUsage: ${usage}\n${CREDENTIALS_HELP}`, 2);
  const res = await fetch(`${baseUrl}/api/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) fail(`Sign-in failed (${res.status}): ${await messageOf(res)}`);
  return ((await res.json()) as { token: string }).token;
}

/** The `{ message }` of an API error answer, else its status text. */
export async function messageOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    return text.slice(0, 300) || res.statusText;
  }
}

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** A request body streamed from an async generator. */
export function bodyStream(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * A progress bar on stderr: redrawn in place on a terminal, a line per tenth otherwise (logs
 * of a cron job).
 */
export function progressBar(label: string, totalBytes: number): { update(doneBytes: number): void; finish(): void } {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  const draw = (done: number) => {
    const fraction = totalBytes > 0 ? Math.min(1, done / totalBytes) : 1;
    const bar = '#'.repeat(Math.round(fraction * 30)).padEnd(30, '-');
    return `${label} [${bar}] ${String(Math.floor(fraction * 100)).padStart(3)}% ${megabytes(done)}/${megabytes(totalBytes)} MB`;
  };
  return {
    update(done) {
      if (tty) process.stderr.write(`\r${draw(done)}`);
      const tenth = totalBytes > 0 ? Math.floor((done / totalBytes) * 10) : 10;
      if (!tty && tenth > lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${draw(done)}\n`);
      }
    },
    finish() {
      if (tty) process.stderr.write('\n');
    },
  };
}
