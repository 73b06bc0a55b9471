// English: what a message points at in the conversation: positions, "it", "them", "more".
import type { Vocabulary } from '../types.ts';

export const reference = {
  ordinals: {
    1: ['first', '1st'],
    2: ['second', '2nd'],
    3: ['third', '3rd'],
    4: ['fourth', '4th'],
    5: ['fifth', '5th'],
    6: ['sixth', '6th'],
    7: ['seventh', '7th'],
    8: ['eighth', '8th'],
    9: ['ninth', '9th'],
    10: ['tenth', '10th'],
    last: ['last one', 'last listing', 'the last'],
  },
  ordinalContext: ['one', 'listing', 'home', 'house', 'property', 'condo', 'option', 'result', 'that'],
  timeOrdinalBefore: ['last', 'next'],
  timeUnitsAfterOrdinal: ['year', 'month', 'week', 'time'],
  timeUnitsBeforeOrdinal: [],
  timeOrdinalAfter: [],
  firstTime: ['first[- ]time'],
  ownOrdinalBefore: ['my', 'our', 'your', 'their', 'his', 'her'],
  ownOrdinal: ['first', 'last'],
  it: [
    'it',
    'that one',
    'this one',
    'that home',
    'that house',
    'that listing',
    'this listing',
    'this home',
    'that property',
    'the same one',
  ],
  them: ['them', 'those', 'these', 'of them', 'of those', 'ones'],
  moreAtStart: [
    '(show me |show |give me |any |see |i want |can i see |let me see )?(some |a few |the )?(more|next|others|other ones|another (few|page))( (ones|listings|homes|results|options|please))?',
  ],
  more: ['(show|see) (me )?(some )?more', '(a few |some )?different ones'],
} satisfies Partial<Vocabulary>;
