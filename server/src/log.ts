/**
 * Structured logs: one JSON line per event on stdout, e.g.
 *   {"time":"…","level":"info","event":"sign-in","outcome":"refused","status":401,"requestId":"…","userId":null,"route":"POST /api/v1/users/login"}
 * Secrets never reach a line: fields named like one are replaced, and token-shaped text inside
 * any string (JWTs, API tokens, bearer headers, reset links, cookie values) is masked.
 */
export type LogLevel = 'info' | 'warn' | 'error';

export interface LogFields {
  event: string;
  level?: LogLevel;
  [field: string]: unknown;
}

const REDACTED = '[redacted]';
const SECRET_FIELD = /pass(word)?|token|secret|cookie|authori[sz]ation|capability|reset.?link|api.?key/i;
const SECRET_TEXT: [RegExp, string][] = [
  [/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, REDACTED], // a JWT
  [/(bearer\s+)\S+/gi, `$1${REDACTED}`],
  [/\bwwp_[\w-]{8,}/g, REDACTED], // a personal API token
  [/(\/(?:reset-password|invitations)\/)[\w-]+/g, `$1${REDACTED}`],
  [/((?:wishwell_session|XSRF-TOKEN|wl_cap_\w+)=)[^;\s"]+/g, `$1${REDACTED}`],
];

let write: (line: string) => void = (line) => process.stdout.write(line + '\n');

/** Tests capture the lines instead of printing them; returns the writer replaced (to put back). */
export function setLogWriter(writer: (line: string) => void): (line: string) => void {
  const replaced = write;
  write = writer;
  return replaced;
}

export function logEvent(fields: LogFields): void {
  const { level = 'info', ...rest } = fields;
  write(JSON.stringify({ time: new Date().toISOString(), level, ...(redact(rest) as object) }));
}

/** A copy of `value` with secret fields replaced and token-shaped text masked. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value instanceof Error) return { name: value.name, message: maskText(value.message), stack: value.stack ? maskText(value.stack) : undefined };
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => redact(entry, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, SECRET_FIELD.test(key) && entry != null ? REDACTED : redact(entry, depth + 1)]),
  );
}

export function maskText(text: string): string {
  return SECRET_TEXT.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}
