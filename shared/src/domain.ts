/** The footer's contact address: help@ the domain's hostname. */
export function helpAddress(hostname: string): string {
  return `help@${hostname}`;
}

/** A hostname as the server stores and looks it up: lower case, no port, no trailing dot. */
export function normalizeHostname(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}
