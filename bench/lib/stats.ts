// Percentiles of latency samples (nearest rank), for the benchmarks that time requests themselves.
export interface Latency {
  samples: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

export function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

export function latencyOf(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? null,
  };
}

/** a − b, or null when either is missing. */
export function minus(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a - b;
}
