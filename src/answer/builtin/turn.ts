// What one turn of the builtin engine answers: whether it answered, and the listings it showed
// (the conversation remembers them for "the second one", "it", "show me more").
import type { Listing } from '../../listings/index.ts';
import type { AnswerRequest } from '../engine.ts';
import type { TourCardData } from '../tour-desk.ts';

export interface Turn {
  answered: boolean;
  listings: Listing[];
  /** The showing slots offered or the showing booked (tour-turn.ts). */
  tour?: TourCardData;
}

export const done = (answered: boolean, listings: Listing[] = []): Turn => ({ answered, listings });

/** The listings of these IDs still listed, in this order. */
export async function byIds(req: AnswerRequest, ids: number[]): Promise<Listing[]> {
  if (!ids.length) return [];
  const { listings } = await req.listings.search({ ids }, { sort: 'Newest', offset: 0, limit: ids.length });
  return ids.map((id) => listings.find((l) => l.id === id)).filter((l): l is Listing => l !== undefined);
}
