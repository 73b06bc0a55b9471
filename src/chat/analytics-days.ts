// The local days of an analytics range (review/analytics.ts): each day's name and the UTC
// instants it begins and ends at, in order, and which of them holds an instant.

/** A local day of the range: its name and the UTC instants it begins and ends at. */
export interface AnalyticsDay {
  day: string;
  from: string;
  to: string;
}

/**
 * The index of the day whose range holds the instant (days in order, ISO instants), or -1: a
 * binary search, as a page of 90 days sums some 13,000 ten-minute slices into them.
 */
export function dayHolding(days: AnalyticsDay[], iso: string): number {
  let lo = 0;
  let hi = days.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((days[mid]?.from ?? '') <= iso) lo = mid;
    else hi = mid - 1;
  }
  const d = days[lo];
  return d && d.from <= iso && iso < d.to ? lo : -1;
}
