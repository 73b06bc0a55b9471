// Synthetic MLS feed records in RESO Data Dictionary names, for the import's tests and its
// benchmark: deterministic, with every status, fee frequency and lot unit a feed carries, and
// the columns a real feed has that Parlor does not read (ListAgentFullName, ModificationTimestamp).
import { CITIES } from './listing-fields.ts';

export const RESO_STATUSES = [
  'Active',
  'Active',
  'Active',
  'Coming Soon',
  'Closed',
  'Pending',
  'Active Under Contract',
  'Withdrawn',
] as const;
const SUB_TYPES = ['Single Family Residence', 'Condominium', 'Townhouse'];
const FREQUENCIES = ['Monthly', 'Quarterly', 'Annually'];

export type ResoRecord = Record<string, unknown>;

/** The i-th record; `tag` keeps ListingId unique across tests and runs. */
export function resoListing(i: number, tag: string): ResoRecord {
  const id = `${tag}${String(i).padStart(6, '0')}`;
  const lease = i % 10 === 9;
  const status = RESO_STATUSES[i % RESO_STATUSES.length];
  const acres = i % 3 === 0;
  return {
    ListingKey: `k${id}`,
    ListingId: id,
    StandardStatus: status,
    PropertyType: lease ? 'Residential Lease' : 'Residential',
    PropertySubType: SUB_TYPES[i % SUB_TYPES.length],
    ListPrice: lease ? 1500 + (i % 20) * 50 : 200_000 + (i % 100) * 5000,
    ...(status === 'Closed' ? { ClosePrice: 190_000 + (i % 100) * 5000 } : {}),
    BedroomsTotal: 1 + (i % 5),
    BathroomsTotalInteger: 1 + (i % 3),
    LivingArea: 900 + (i % 50) * 30,
    LivingAreaUnits: 'Square Feet',
    LotSizeArea: acres ? 0.25 : 6000,
    LotSizeUnits: acres ? 'Acres' : 'Square Feet',
    ...(i % 4 === 0 ? {} : { AssociationFee: 300, AssociationFeeFrequency: FREQUENCIES[i % FREQUENCIES.length] }),
    YearBuilt: 1950 + (i % 70),
    DaysOnMarket: i % 90,
    ParkingTotal: i % 3,
    UnparsedAddress: `${100 + (i % 9000)} Oak St`,
    City: CITIES[i % CITIES.length],
    StateOrProvince: 'TX',
    PostalCode: String(70000 + (i % 9999)),
    Latitude: 30 + (i % 1000) / 1000,
    Longitude: -97 - (i % 1000) / 1000,
    PublicRemarks: `Bright ${SUB_TYPES[i % SUB_TYPES.length].toLowerCase()} near the park.`,
    ListingURL: `https://homes.example.com/listing/${id}`,
    PoolPrivateYN: i % 2 === 0,
    Media: [
      { MediaCategory: 'Photo', Order: 2, MediaURL: `https://img.example.com/${id}/2.jpg` },
      { MediaCategory: 'Photo', Order: 1, MediaURL: `https://img.example.com/${id}/1.jpg` },
    ],
    ListAgentFullName: 'Pat Agent',
    ModificationTimestamp: '2026-11-01T12:00:00Z',
  };
}

const cell = (v: unknown): string => {
  const text = Array.isArray(v)
    ? (v as { MediaURL: string; Order: number }[])
        .toSorted((a, b) => a.Order - b.Order)
        .map((m) => m.MediaURL)
        .join('|')
    : v === undefined
      ? ''
      : String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV line of a record, its cells in `columns` order. */
export const csvLine = (columns: string[], record: ResoRecord) => columns.map((c) => cell(record[c])).join(',');

/** A CSV of RESO records as an MLS export writes one: a header of every column, Media as URLs by |. */
export function resoCsv(records: ResoRecord[]): string {
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const lines = [columns.join(','), ...records.map((r) => csvLine(columns, r))];
  return `${lines.join('\n')}\n`;
}
