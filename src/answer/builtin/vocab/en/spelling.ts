// English: small misspellings: the words a misspelling is read as, and words that are fine as they are.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const spelling = {
  spelled: w(`bedroom bedrooms bathroom bathrooms townhouse townhouses townhome townhomes condo condos condominium
    apartment apartments house houses homes home rental rentals rent renting sale selling single family detached garage
    garages pool pools fireplace fireplaces basement basement finished furnished unfurnished waterfront available
    property properties listing listings cheapest cheaper expensive largest biggest newest oldest square feet
    parking deposit anything something under between around budget month monthly price prices looking`),
  notMisspelled: w(
    'sole sold rents rented hose homey mouse horse pole poll cool fool sell bell tell well home come some dome',
  ),
  sameSpelled: [
    w('townhouse townhouses townhome townhomes'),
    w('bedroom bedrooms'),
    w('bathroom bathrooms'),
    w('condo condos condominium'),
    w('apartment apartments'),
    w('house houses home homes'),
    w('rental rentals rent renting'),
  ],
} satisfies Partial<Vocabulary>;
