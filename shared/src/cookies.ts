/** One cookie's raw value from a Cookie header ("a=1; b=2"), undefined when absent. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  return header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}
