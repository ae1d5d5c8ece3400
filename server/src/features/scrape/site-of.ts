/** The site a host belongs to: its last two labels, three under a country's second level ("shop.co.uk"). */
export function siteOf(host: string): string {
  const labels = host.toLowerCase().split('.');
  const secondLevel = labels.length > 2 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3;
  return labels.slice(secondLevel ? -3 : -2).join('.');
}
