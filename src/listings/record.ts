// The flat record RealEstateList returns (listings/README.md): ID an integer, LATITUDE/LONGITUDE
// numbers or null, every other value a string; unset amounts "".
import type { Listing } from './columns.ts';
import { featuresFromColumn } from './features.ts';
import type { ListingRecord } from './list-schemas.ts';

/** A plain decimal string: String() would write 1e-7 or 1e+21, which clients cannot parse as money. */
export function amount(n: number | null): string {
  if (n === null) return '';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}
const textOf = (s: string | null): string => s ?? '';

export function saleTypeDisplay(saleType: string): string {
  return saleType === 'for_rent' ? 'For Rent' : 'For Sale';
}

export function listingRecord(l: Listing): ListingRecord {
  return {
    ID: l.id,
    PropertyType: l.property_type,
    SaleType: saleTypeDisplay(l.sale_type),
    Status: l.status,
    Images: l.images ?? '[]',
    CurrencySymbol: l.currency_symbol,
    Price: amount(l.price),
    State: textOf(l.state),
    City: textOf(l.city),
    Address: textOf(l.address),
    ZIP: textOf(l.zip),
    Location: textOf(l.location),
    LATITUDE: l.latitude,
    LONGITUDE: l.longitude,
    Area: amount(l.building_area),
    AreaUnit: l.area_unit,
    Bathrooms: amount(l.bathrooms),
    Bedrooms: amount(l.bedrooms),
    Url: l.url,
    Tours: textOf(l.tours),
    YearBuilt: amount(l.year_built),
    MLSNumber: l.mls_number,
    DaysOnMarket: amount(l.days_on_market),
    LotArea: amount(l.lot_area),
    BuildingArea: amount(l.building_area),
    ParkingSpots: amount(l.parking_spots),
    Description: textOf(l.description),
    ExtensionColumn: l.extension_column ?? '[]',
    RentPrice: amount(l.rent_price),
    SpaceType: textOf(l.space_type),
    DepositFee: amount(l.deposit_fee),
    SalePrice: amount(l.sale_price),
    UnitAreaPrice: amount(l.unit_area_price),
    ZestimatePrice: amount(l.zestimate_price),
    HOAMonth: amount(l.hoa_month),
    CreatedAt: l.created_at,
    UpdatedAt: l.updated_at,
    TypeFamily: l.type_family,
    Features: JSON.stringify(featuresFromColumn(l.features)),
  };
}
