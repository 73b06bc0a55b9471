// The listings feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in listings/ is its own; `npm run lint` fails on an import that reaches past this file.

export { LISTING_CARD_EXAMPLE, ListingCard, type ListingCardData, ListingCards, listingCard } from './card.ts';
export { features, type Listing } from './columns.ts';
export { CSV_OPTIONS, rowsOfRecords } from './csv-rows.ts';
export { extensionItems, featuresColumn, featuresFromColumn, featuresOf, typeFamilyOf } from './features.ts';
export { detectFormat, FORMAT_NAMES, feedRow, ignoredColumns } from './feed-format.ts';
export {
  FEATURES,
  type Feature,
  type ListingFilter,
  type ListingPage,
  TYPE_FAMILIES,
  type TypeFamily,
} from './filter.ts';
export type { FileReport, Rejection } from './import-rows.ts';
export { BATCH_SIZE, type ImportHooks, type ImportOptions, type ImportSummary, importFiles } from './import-run.ts';
export { isListingsFileName, type ListingsFile, ListingsFileProblem, listingsFileOf } from './listings-file.ts';
export { listingRecord } from './record.ts';
export {
  chatbotCities,
  countListings,
  deleteListings,
  findListingByKey,
  type Owner,
  searchListings,
} from './repo.ts';
export { refreshListingStatistics } from './repo-feed.ts';
export type { ResoOptions } from './reso-fields.ts';
export { type ListingFields, type SaleType, SORTS, type Sort, type Status } from './schemas.ts';
export {
  applyUpdate,
  INSERT_CHUNK,
  insertChecked,
  insertMany,
  isUnchanged,
  listingsByMlsNumber,
  pruneListings,
} from './service.ts';
export { reviewListing, validateListing } from './validate.ts';
