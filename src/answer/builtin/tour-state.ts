// A showing being booked in the conversation: the listing, the slots offered, the one chosen
// and the visitor's details given so far. Kept in the conversation state between turns, and
// read back defensively (it comes from storage).
import type { TourSlotData } from '../tour-desk.ts';

export interface TourState {
  /** The answer's language when the showing was asked for. */
  lang: string;
  /** "" for a call with an agent. */
  mlsNumber: string;
  address: string;
  offered: TourSlotData[];
  chosen?: TourSlotData;
  name: string;
  email: string;
  phone: string;
  /** The visitor's ask, for the booking's message. */
  message: string;
}

const str = (v: unknown, max = 2000) => (typeof v === 'string' ? v.slice(0, max) : '');

function slotOf(v: unknown): TourSlotData | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const s = v as Record<string, unknown>;
  if (typeof s.Start !== 'string' || typeof s.End !== 'string' || typeof s.Label !== 'string') return undefined;
  return { Start: s.Start, End: s.End, Label: s.Label };
}

export function tourStateOf(v: unknown): TourState | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const t = v as Record<string, unknown>;
  if (typeof t.lang !== 'string' || !Array.isArray(t.offered)) return undefined;
  return {
    lang: str(t.lang, 8),
    mlsNumber: str(t.mlsNumber, 100),
    address: str(t.address, 500),
    offered: t.offered
      .slice(0, 10)
      .map(slotOf)
      .filter((s): s is TourSlotData => s !== undefined),
    chosen: slotOf(t.chosen),
    name: str(t.name, 200),
    email: str(t.email, 254),
    phone: str(t.phone, 50),
    message: str(t.message),
  };
}
