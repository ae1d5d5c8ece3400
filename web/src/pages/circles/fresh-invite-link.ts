/**
 * A circle's invite link from the answer that made it, handed from the page that created the
 * circle to the circle's page, in memory only: the server keeps just the link's hash, and a
 * reload (or a later visit) shows it no more.
 */
const links = new Map<string, string>();

export function keepFreshInviteLink(circleId: string, link: string | null): void {
  if (link) links.set(circleId, link);
}

/** The link made for `circleId`, once. */
export function takeFreshInviteLink(circleId: string): string | null {
  const link = links.get(circleId) ?? null;
  links.delete(circleId);
  return link;
}
