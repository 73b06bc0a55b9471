// featuresOf and typeFamilyOf over the ways feeds write features and property types: every
// form the conversation set uses, their negatives, the three languages, and look-alikes
// (street names, "pool table", "garage sale") that must not count.
import { describe, expect, test } from 'vitest';
import { featuresColumn, featuresFromColumn, featuresOf, typeFamilyOf } from './features.ts';

const ec = (Key: string, value: string) => featuresOf([{ Key, value }], null);
const described = (text: string) => featuresOf(null, text);

describe('featuresOf: ExtensionColumn', () => {
  test.each([
    ['Pool', 'Yes', ['pool']],
    ['Pool', 'Private, heated', ['pool']],
    ['Pool Features', 'In Ground, Salt Water', ['pool']],
    ['Garage Spaces', '2', ['garage']],
    ['Garage', 'Yes', ['garage']],
    ['Parking Features', 'Attached Garage, Driveway', ['garage']],
    ['Pets Allowed', 'Cats OK, Dogs OK', ['pets']],
    ['Pets Allowed', 'Yes', ['pets']],
    ['Pets Allowed', 'No Restrictions', ['pets']],
    ['Furnished', 'Fully furnished', ['furnished']],
    ['Furnished', 'Yes', ['furnished']],
    ['Basement', 'Full, Finished', ['basement', 'finishedBasement']],
    ['Basement', 'Partial, Finished', ['basement', 'finishedBasement']],
    ['Basement', 'Full, Unfinished', ['basement']],
    ['Basement', 'Unfinished', ['basement']],
    ['Fireplace', 'Yes', ['fireplace']],
    ['Fireplaces Total', '1', ['fireplace']],
    ['Waterfront', 'Yes', ['waterfront']],
    ['Cooling', 'Central Air', ['centralAir', 'airConditioning']],
    ['Cooling', 'Ductless Mini-Split', ['airConditioning']],
    ['Laundry', 'In Unit', ['inUnitLaundry']],
    ['Flooring', 'Hardwood, Tile', ['hardwood']],
    ['View', 'Mountain(s)', ['view']],
    ['PoolPrivateYN', 'true', ['pool']],
    ['Swimming Pool', 'Yes', ['pool']],
    ['Hardwood Floors', 'Yes', ['hardwood']],
    ['Amenities', 'Pool, Fitness Center, Elevator', ['pool', 'elevator', 'gym']],
    ['Solar Panels', 'Owned', ['solar']],
    ['Balcony', 'Yes', ['balcony']],
    ['Yard', 'Fenced', ['yard']],
  ])('%s: %s states %j', (key, value, want) => {
    expect(ec(key, value)).toStrictEqual(want);
  });

  test.each([
    ['Pool', 'No'],
    ['Pool', 'None'],
    ['Garage Spaces', '0'],
    ['Garage', 'No'],
    ['Garage Type', 'Carport'],
    ['GarageYN', 'false'],
    ['Parking Features', 'Off Street, Driveway'],
    ['Pets Allowed', 'Not allowed'],
    ['Pets Allowed', 'No'],
    ['Pets Allowed', 'Call'],
    ['Furnished', 'No'],
    ['Furnished', 'Unfurnished'],
    ['Fireplaces Total', '0'],
    ['Fireplace', 'No'],
    ['Basement', 'None'],
    ['Basement', 'Crawl Space'],
    ['Waterfront', 'No'],
    ['Cooling', 'None'],
    ['Laundry', 'Shared'],
    ['Laundry', 'Hookups'],
    ['Flooring', 'Luxury Vinyl'],
    ['View', 'None'],
    ['Community Features', 'None'],
    ['Lot Features', 'Cul-de-Sac'],
    ['Heating', 'Forced Air'],
    ['Stories', '2'],
  ])('%s: %s states nothing yes', (key, value) => {
    expect(ec(key, value)).toStrictEqual([]);
  });

  test('a key naming the feature settles it against the description; any yes among such keys wins', () => {
    expect(featuresOf([{ Key: 'Pool', value: 'No' }], 'Sparkling pool in the backyard.')).toStrictEqual(['yard']);
    expect(featuresOf([{ Key: 'Garage', value: 'Yes' }], 'No garage.')).toStrictEqual(['garage']);
    const both = [
      { Key: 'PoolPrivateYN', value: 'Y' },
      { Key: 'Pool Features', value: 'None' },
    ];
    expect(featuresOf(both, null)).toStrictEqual(['pool']);
  });

  test('a list key ("Parking Features") does not outweigh the description; a no among them wins', () => {
    expect(featuresOf([{ Key: 'Parking Features', value: 'Off Street' }], 'Attached two-car garage.')).toStrictEqual([
      'garage',
    ]);
    expect(featuresOf([{ Key: 'Amenities', value: 'Pool, Gym' }], 'No pool.')).toStrictEqual(['gym']);
  });

  test('"Basement: None" also means no finished basement, whatever the description says', () => {
    expect(featuresOf([{ Key: 'Basement', value: 'None' }], 'Finished basement with a rec room.')).toStrictEqual([]);
  });

  test('malformed entries are skipped', () => {
    const items = [{ Key: 'Pool' }, null, { Key: 3, value: 'Yes' }, { Key: 'Garage', value: 'Yes' }];
    expect(featuresOf(items as unknown as { Key: string; value: string }[], null)).toStrictEqual(['garage']);
  });
});

describe('featuresOf: descriptions in English, Spanish and French', () => {
  test.each([
    ['Private pool in the backyard.', ['pool', 'yard']],
    ['Sparkling in-ground pool in the backyard.', ['pool', 'yard']],
    ['Piscina privada en el patio.', ['pool', 'patio']],
    ['Piscine privée dans le jardin.', ['pool', 'yard']],
    ['Attached two-car garage.', ['garage']],
    ['Garaje para dos autos.', ['garage']],
    ['Amplia cochera techada.', ['garage']],
    ['Garage double attenant.', ['garage']],
    ['Pet friendly!', ['pets']],
    ['Se admiten mascotas.', ['pets']],
    ['Se aceptan mascotas.', ['pets']],
    ['Animaux acceptés.', ['pets']],
    ['Comes fully furnished.', ['furnished']],
    ['Se entrega amueblado.', ['furnished']],
    ['Loué meublé.', ['furnished']],
    ['Cozy wood-burning fireplace.', ['fireplace']],
    ['Acogedora chimenea de leña.', ['fireplace']],
    ['Cheminée en pierre.', ['fireplace']],
    ['Waterfront with a private dock.', ['waterfront']],
    ['Frente al agua, con muelle privado.', ['waterfront']],
    ["Au bord de l'eau, avec ponton privé.", ['waterfront']],
    ['Finished basement with a rec room.', ['basement', 'finishedBasement']],
    ['Sótano terminado con sala de juegos.', ['basement', 'finishedBasement']],
    ['Sous-sol aménagé avec salle de jeux.', ['basement', 'finishedBasement']],
    ['Central air, solar panels, elevator and a gym.', ['centralAir', 'elevator', 'gym', 'solar', 'airConditioning']],
    ['Mountain views from the balcony.', ['view', 'balcony']],
    ['In-unit washer and dryer; hardwood floors throughout.', ['inUnitLaundry', 'hardwood']],
    ['No HOA and a heated pool.', ['pool']],
  ])('%j states %j', (text, want) => {
    expect(described(text)).toStrictEqual(want);
  });

  test.each([
    ['No pool, but a big fenced yard.', ['yard']],
    ['Sin piscina, pero con un gran patio cercado.', ['yard', 'patio']],
    ['Pas de piscine, mais un grand jardin clos.', ['yard']],
    ['No pets, please.', []],
    ['Pets not allowed.', []],
    ['No se aceptan mascotas.', []],
    ['Animaux non acceptés.', []],
    ['Unfurnished.', []],
    ['Sin amueblar.', []],
    ['Non meublé.', []],
    ['Unfinished basement, great for storage.', ['basement']],
    ['Sótano sin terminar, ideal como almacén.', ['basement']],
    ['Sous-sol non aménagé, idéal pour le rangement.', ['basement']],
    ["Doesn't have a garage.", []],
    ['Sans garage, sans cheminée.', []],
  ])('%j says no: %j only', (text, want) => {
    expect(described(text)).toStrictEqual(want);
  });

  test('whole words only, never the address: Poole Rd, carpool, a pool table, a garage sale', () => {
    expect(described('Charming home on 3117 Poole Rd.')).toStrictEqual([]);
    expect(described('Carpool lane nearby; pool table in the den.')).toStrictEqual([]);
    expect(described('Close to the weekend garage sale market.')).toStrictEqual([]);
    expect(described('New kitchen: meubles de cuisine neufs.')).toStrictEqual([]);
    expect(described('0.5 ac lot.')).toStrictEqual([]);
  });
});

describe('features column', () => {
  test('"|pool|garage|" round-trips; "" is none; unknown names are dropped', () => {
    expect(featuresColumn(['pool', 'garage'])).toBe('|pool|garage|');
    expect(featuresColumn([])).toBe('');
    expect(featuresFromColumn('|pool|garage|')).toStrictEqual(['pool', 'garage']);
    expect(featuresFromColumn('')).toStrictEqual([]);
    expect(featuresFromColumn('|pool|sauna|')).toStrictEqual(['pool']);
  });
});

describe('typeFamilyOf', () => {
  test.each([
    ['Single Family Residence', 'sfr'],
    ['Single Family', 'sfr'],
    ['Single Family Residential', 'sfr'],
    ['SFR', 'sfr'],
    ['House', 'sfr'],
    ['Detached', 'sfr'],
    ['Casa', 'sfr'],
    ['Maison', 'sfr'],
    ['Chalet', 'sfr'],
    ['Condominium', 'condo'],
    ['Condo', 'condo'],
    ['condominio', 'condo'],
    ['Copropriété', 'condo'],
    ['Townhouse', 'town'],
    ['Townhome', 'town'],
    ['Row House', 'town'],
    ['Single Family Attached', 'town'],
    ['Casa adosada', 'town'],
    ['Maison de ville', 'town'],
    ['Duplex', 'multi'],
    ['Triplex', 'multi'],
    ['Multi Family', 'multi'],
    ['Multi-Family', 'multi'],
    ['Residential Income', 'multi'],
    ['Apartment', 'apt'],
    ['Flat', 'apt'],
    ['Piso', 'apt'],
    ['Apartamento', 'apt'],
    ['Appartement', 'apt'],
    ['Studio', 'apt'],
    ['Land', 'land'],
    ['Lots/Land', 'land'],
    ['Vacant Land', 'land'],
    ['Residential Lot', 'land'],
    ['Lot', 'land'],
    ['Terreno', 'land'],
    ['Terrain', 'land'],
    ['Mobile Home', 'other'],
    ['Commercial', 'other'],
    ['', 'other'],
  ])('%j → %s', (name, family) => {
    expect(typeFamilyOf(name)).toBe(family);
  });
});
