/** The footer's contact address: help@ the domain's hostname. */
export function helpAddress(hostname: string): string {
  return `help@${hostname}`;
}

/** A hostname as the server stores and looks it up: lower case, no port, no trailing dot. */
export function normalizeHostname(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** True for an absolute http: or https: address: the only links the admin pages make clickable. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
