/** The value below which a share `p` (0..1) of `values` lies (nearest rank; `values` is not changed). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}
