/** The value below which a share `p` (0..1) of `values` lies (nearest rank; `values` is not changed). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}

/** Student's t for a two-sided 95 % interval, by degrees of freedom from 1 (beyond 30, ~1.96). */
const T95 = [12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/** The mean of `values` (independent samples) and the half-width of its 95 % confidence interval. */
export function meanWithInterval(values: number[]): { mean: number; halfWidth: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (values.length < 2) return { mean, halfWidth: Infinity };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { mean, halfWidth: (T95[values.length - 2] ?? 1.96) * Math.sqrt(variance / values.length) };
}
