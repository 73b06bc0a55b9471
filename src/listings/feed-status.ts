// A feed's listing status → Parlor's. RESO's StandardStatus names (and the spellings feeds
// use for them: "Coming Soon", "ComingSoon", "coming_soon") map onto Active, PreOnMarket and
// Sold; a status that is not marketable (under contract, off the market) is skipped, not an
// error: a nightly feed carries them, and the chatbot must not offer those homes.
import { columnKey as key } from './feed-keys.ts';
import { STATUSES, type Status } from './schemas.ts';

export type StatusReading = { status: Status } | { skip: string } | { unknown: true };

const MARKETABLE = new Map<string, Status>([
  ...STATUSES.map((s) => [key(s), s] as const),
  ['active', 'Active'],
  ['comingsoon', 'PreOnMarket'],
  ['closed', 'Sold'],
]);

/** RESO StandardStatus values that are not for sale or rent now. */
export const NOT_MARKETABLE = [
  'Active Under Contract',
  'Pending',
  'Withdrawn',
  'Expired',
  'Canceled',
  'Hold',
  'Delete',
  'Incomplete',
] as const;

const SKIPPED = new Map<string, string>([
  ...NOT_MARKETABLE.map((s) => [key(s), s] as const),
  ['cancelled', 'Canceled'],
]);

/** What a status cell says; `unknown` leaves the value for the validator to reject by name. */
export function readStatus(value: string): StatusReading {
  const k = key(value);
  const status = MARKETABLE.get(k);
  if (status) return { status };
  const skipped = SKIPPED.get(k);
  if (skipped) return { skip: `status "${skipped}" is not marketable` };
  return { unknown: true };
}

/** The accepted statuses, for an unknown status's message. */
export const STATUS_CHOICES = ['Active', 'Coming Soon', 'Closed', ...STATUSES.slice(1), ...NOT_MARKETABLE].filter(
  (s, i, all) => all.indexOf(s) === i,
);
