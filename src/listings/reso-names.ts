// The RESO Data Dictionary's names and lookup values this mapping reads (reso-fields.ts): fee
// frequencies made monthly, lot size units, living area units, the yes/no and list fields the
// feature reader knows, and every column read (the rest of a file's are listed as ignored).

/** Monthly multipliers by AssociationFeeFrequency (RESO's lookup values, any spelling). */
export const PER_MONTH = new Map<string, number>([
  ['monthly', 1],
  ['quarterly', 1 / 3],
  ['semiannually', 1 / 6],
  ['semiannual', 1 / 6],
  ['annually', 1 / 12],
  ['annual', 1 / 12],
  ['yearly', 1 / 12],
  ['bimonthly', 1 / 2],
  ['semimonthly', 2],
  ['biweekly', 26 / 12],
  ['weekly', 52 / 12],
  ['daily', 365 / 12],
]);

/** Square feet in one unit of each lot size unit. */
export const SQUARE_FEET = new Map<string, number>([
  ['acres', 43_560],
  ['acre', 43_560],
  ['squarefeet', 1],
  ['sqft', 1],
  ['squaremeters', 10.763_910_4],
  ['squaremetres', 10.763_910_4],
  ['sqm', 10.763_910_4],
  ['hectares', 107_639.104],
]);

export const AREA_UNITS = new Map([
  ['squarefeet', 'Square Feet'],
  ['sqft', 'Square Feet'],
  ['squaremeters', 'Square Meters'],
  ['squaremetres', 'Square Meters'],
  ['sqm', 'Square Meters'],
]);

/** RESO yes/no fields → the ExtensionColumn key the feature reader knows. */
export const FLAGS: [string, string][] = [
  ['PoolPrivateYN', 'Pool'],
  ['GarageYN', 'Garage'],
  ['AttachedGarageYN', 'Garage'],
  ['FireplaceYN', 'Fireplace'],
  ['WaterfrontYN', 'Waterfront'],
  ['ViewYN', 'View'],
  ['BasementYN', 'Basement'],
  ['CoolingYN', 'Air Conditioning'],
  ['PetsAllowedYN', 'Pets Allowed'],
  ['FurnishedYN', 'Furnished'],
  ['SpaYN', 'Spa'],
];

/** RESO list fields carried as ExtensionColumn entries for the feature reader to read. */
export const LISTS: [string, string][] = [
  ['PoolFeatures', 'Pool Features'],
  ['ParkingFeatures', 'Parking Features'],
  ['Cooling', 'Cooling'],
  ['Heating', 'Heating'],
  ['Appliances', 'Appliances'],
  ['LaundryFeatures', 'Laundry'],
  ['Flooring', 'Flooring'],
  ['View', 'View Features'],
  ['PetsAllowed', 'Pets Allowed'],
  ['Furnished', 'Furnished'],
  ['AssociationAmenities', 'Amenities'],
  ['InteriorFeatures', 'Interior Features'],
  ['ExteriorFeatures', 'Exterior Features'],
];

export const ADDRESS_PARTS = ['StreetNumber', 'StreetDirPrefix', 'StreetName', 'StreetSuffix', 'StreetDirSuffix'];

/** Every RESO field this mapping reads: the rest of a file's columns are listed as ignored. */
export const RESO_COLUMNS = [
  'ListingId',
  'ListingKey',
  'ListPrice',
  'ClosePrice',
  'StandardStatus',
  'MlsStatus',
  'PropertyType',
  'PropertySubType',
  'BedroomsTotal',
  'BathroomsTotalInteger',
  'BathroomsTotalDecimal',
  'BathroomsFull',
  'BathroomsHalf',
  'LivingArea',
  'LivingAreaUnits',
  'BuildingAreaTotal',
  'LotSizeArea',
  'LotSizeUnits',
  'LotSizeSquareFeet',
  'LotSizeAcres',
  'YearBuilt',
  'DaysOnMarket',
  'CumulativeDaysOnMarket',
  'ParkingTotal',
  'GarageSpaces',
  'PublicRemarks',
  'AssociationFee',
  'AssociationFeeFrequency',
  'AssociationFee2',
  'AssociationFee2Frequency',
  'UnparsedAddress',
  ...ADDRESS_PARTS,
  'UnitNumber',
  'City',
  'StateOrProvince',
  'PostalCode',
  'Latitude',
  'Longitude',
  'Media',
  'MediaURL',
  'PhotoURLs',
  'ListingURL',
  'Url',
  'VirtualTourURLUnbranded',
  'VirtualTourURLBranded',
  'CurrencySymbol',
  ...FLAGS.map(([f]) => f),
  ...LISTS.map(([f]) => f),
];

/** The RESO names that say a file is RESO (Parlor's own names share City, YearBuilt…). */
export const RESO_MARKERS = [
  'ListingId',
  'ListingKey',
  'ListPrice',
  'StandardStatus',
  'BedroomsTotal',
  'BathroomsTotalInteger',
  'BathroomsTotalDecimal',
  'LivingArea',
  'LotSizeArea',
  'UnparsedAddress',
  'StateOrProvince',
  'PostalCode',
  'PublicRemarks',
  'PropertySubType',
  'AssociationFee',
];
