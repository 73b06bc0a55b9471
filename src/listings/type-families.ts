// Property type names as feeds write them, in English, Spanish and French, read into one
// family each: "Single Family Residence", "Single Family", "SFR" and "Casa" are all sfr.
import { normalizeText } from './feature-words.ts';
import type { TypeFamily } from './filter.ts';

/** First match wins: "Residential Lot" is land before "residential" makes it a house, "Casa adosada" a townhouse. */
const FAMILIES: [RegExp, TypeFamily][] = [
  [/\b(?:land|lots?|vacant|acreage|terrenos?|parcelas?|lotes?|solar|solares|terrains?)\b/, 'land'],
  [
    /\b(?:duplex|triplex|fourplex|quadplex|quadruplex|multiplex|multi ?family|multifamily|multifamiliar|plurifamilial|residential income|income property|2 4 units?|immeuble de rapport)\b/,
    'multi',
  ],
  [/\b(?:condo|condos|condominiums?|condominios?|copropriete|co ?op|cooperative|stock cooperative)\b/, 'condo'],
  [
    /\b(?:town ?house|town ?homes?|row ?house|row ?homes?|semi detached|twin ?home|adosad[oa]|pareado|maison de ville|maison mitoyenne|mitoyenne)\b|\battached\b/,
    'town',
  ],
  [/\b(?:apartments?|apartamentos?|appartements?|departamentos?|flats?|pisos?|studios?|estudios?|lofts?)\b/, 'apt'],
  [
    /\b(?:single family|sfr|sfh|houses?|detached|residential|residence|casas?|chalets?|villas?|bungalows?|cottages?|unifamiliar|vivienda|maisons?|pavillons?)\b/,
    'sfr',
  ],
];

/** The family of a feed's property type name; a name no family knows (commercial, mobile home…) is other. */
export function typeFamilyOf(propertyType: string): TypeFamily {
  const name = normalizeText(propertyType)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  // Mobile and manufactured homes are their own kind, whatever "home" words they carry.
  if (/\b(?:mobile|manufactured|modular)\b/.test(name)) return 'other';
  return FAMILIES.find(([re]) => re.test(name))?.[1] ?? 'other';
}
