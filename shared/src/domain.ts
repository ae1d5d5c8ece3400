/**
 * The footer's contact address: help@ the domain's hostname; null where that could reach nobody
 * (localhost, a bare machine name or an IP address, as before PUBLIC_URL or a domain is set).
 */
export function helpAddress(hostname: string): string | null {
  const mailable = hostname.includes('.') && !/^[\d.]+$/.test(hostname) && !hostname.includes(':') && !hostname.endsWith('.localhost');
  return mailable ? `help@${hostname}` : null;
}

/** A hostname as the server stores and looks it up: lower case, no port, no trailing dot. */
export function normalizeHostname(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** True for an absolute http: or https: address: the only links guests and admins are shown (no `javascript:`). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
