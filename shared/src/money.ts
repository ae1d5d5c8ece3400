/**
 * Amounts as whole minor units (pence, cents), so sums of pledges are exact: '12.5' is 1250,
 * never 12.499999. Prices use the same spelling as the price field ("1,299.99").
 */
const AMOUNT = /^\s*((?:\d{1,3}(?:,\d{3})+)|\d{1,9})(?:\.(\d{1,2}))?\s*$/;

/** The amount in minor units, or null when the text is not a plain amount. */
export function toMinorUnits(amount: string): number | null {
  const match = AMOUNT.exec(amount);
  if (!match) return null;
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1250 -> '12.50'. */
export function fromMinorUnits(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * The most a group gift's pledges add up to, £/€/$20,000,000.00: the running total is an integer
 * column, and PostgreSQL's integers stop at 2,147,483,647.
 */
export const MAX_PLEDGED_MINOR = 2_000_000_000;
