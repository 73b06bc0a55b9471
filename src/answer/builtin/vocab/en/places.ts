// English: places and street addresses: the words before a place, words that are no place, and how addresses are written.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const places = {
  placeBefore: ['in', 'near', 'around'],
  notPlace: w(`january february march april may june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday english spanish french mls`),
  notCity:
    w(`a an the in at of for to from near around by on with and or but is are was be do does did have has any some me my
    i we you your our what which who where when how many much show find looking look want need like please can could would
    there here this that these those home homes house houses property properties listing listings place places condo condos
    apartment apartments townhouse townhouses rent rental rentals sale buy sold available bed beds bedroom bedrooms bath baths
    bathroom bathrooms price under below over above less more than max min month year built big size square feet parking
    spots hoa fee pool garage fireplace waterfront view mls it its`),
  cityArticles: ['st'],
  address: {
    suffixes: {
      avenue: 'ave',
      street: 'st',
      drive: 'dr',
      boulevard: 'blvd',
      lane: 'ln',
      road: 'rd',
      court: 'ct',
      place: 'pl',
      parkway: 'pkwy',
      highway: 'hwy',
      circle: 'cir',
      terrace: 'ter',
      north: 'n',
      south: 's',
      east: 'e',
      west: 'w',
      northeast: 'ne',
      northwest: 'nw',
      southeast: 'se',
      southwest: 'sw',
    },
    stop: w('in at of for is was has have does do built near with on and or a the what how price'),
    unit: ['unit', 'apt\\.?', 'apartment', 'suite', 'ste\\.?'],
    unitAt: ['at', 'in', 'of'],
    join: ['or', 'and'],
  },
} satisfies Partial<Vocabulary>;
