import { createHash } from 'node:crypto';
import { EARLY_TAPS_SCRIPT } from '@wishwell/web/ssr';

/** The one inline script allowed: server-rendered pages' keeper of taps before hydration. */
const EARLY_TAPS_HASH = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/**
 * Headers on every answer. The CSP allows product images from any https/http shop, inline
 * style attributes (Blueprint positions popovers with them), the early-taps script by its hash
 * and nothing else from outside.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${EARLY_TAPS_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PLAIN_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const HTTPS_HEADERS: Readonly<Record<string, string>> = {
  ...PLAIN_HEADERS,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/**
 * /capture, where the bookmarklet hands over the page the user sees, keeps its cross-origin
 * opener (the shop's page): with COOP same-origin the browser would cut the two windows apart
 * and the page could never arrive. /capture only greets its opener and takes one message from it.
 */
const OPENER_KEPT_PATHS: ReadonlySet<string> = new Set(['/capture']);

export function securityHeaders(secure: boolean, path: string): Readonly<Record<string, string>> {
  const headers = secure ? HTTPS_HEADERS : PLAIN_HEADERS;
  return OPENER_KEPT_PATHS.has(path) ? { ...headers, 'cross-origin-opener-policy': 'unsafe-none' } : headers;
}
