// Words of a showing in the four languages, on normalized text: an ask to see a home or meet
// an agent ("can I see the second one on Saturday?", "quiero ver la casa el sábado", "je
// voudrais visiter mardi", "posso visitar sábado?"), and which offered slot a reply picks
// ("the second one", "2", "10:30", "yes"). The words are each language's (vocab/).
import type { TourSlotData } from '../tour-desk.ts';
import { type AskedWhen, namesTime } from './tour-when.ts';
import { alternation, conceptRe } from './vocab/index.ts';

const TOUR_RE = conceptRe((v) => v.tour);
const SEE_RE = conceptRe((v) => v.tourSee);
const AGENT_RE = conceptRe((v) => v.meetAgent);
const NOT_TOUR_RE = new RegExp(
  `${conceptRe((v) => v.notTour).source}|\\b${alternation((v) => v.visitCount)} ${alternation((v) => v.visits)}\\b`,
);
const SEARCH_RE = conceptRe((v) => v.tourSearch);

/** Whether the message asks to book a showing (or a meeting with an agent). */
export function asksForTour(norm: string, when: AskedWhen): boolean {
  if (NOT_TOUR_RE.test(norm)) return false;
  if (AGENT_RE.test(norm) || TOUR_RE.test(norm)) return true;
  return SEE_RE.test(norm) && namesTime(when) && !SEARCH_RE.test(norm);
}

/** Whether the message could ask for a showing at all (checked before its dates are read). */
export const mayAskForTour = (norm: string) => TOUR_RE.test(norm) || SEE_RE.test(norm) || AGENT_RE.test(norm);

export const meetsAgent = (norm: string) => AGENT_RE.test(norm);

const ORDINALS: [RegExp, number][] = ([1, 2, 3, 4, 5, 6, 'last'] as const).map((n) => [
  conceptRe((v) => v.slotOrdinals[n]),
  n === 'last' ? -1 : n,
]);
const NUMBER_RE = new RegExp(`^${alternation((v) => v.slotNumber)}?\\s*([1-9])\\s*[.!)]?$`);
const YES_RE = new RegExp(`^${alternation((v) => v.yes)}\\b`);

const localMinutes = (localIso: string) => Date.parse(`${localIso.slice(0, 16)}:00Z`) / 60_000;

/**
 * The offered slot a reply picks, if it picks one: by position, by its time (and day, when
 * named), or "yes" to the one proposed. `norm` is the reply normalized, without contact details.
 */
export function pickedSlot(
  norm: string,
  when: AskedWhen,
  offered: readonly TourSlotData[],
  proposed: TourSlotData | undefined,
): TourSlotData | undefined {
  if (when.hour !== undefined) {
    const hhmm = `T${String(when.hour).padStart(2, '0')}:${String(when.minute ?? 0).padStart(2, '0')}`;
    const sameTime = offered.filter((s) => s.Start.slice(10, 16) === hhmm);
    const exact = when.date ? sameTime.filter((s) => s.Start.startsWith(when.date ?? '')) : sameTime;
    // "10:30" alone names the slot only when one offered slot is at 10:30.
    return exact.length === 1 || (exact.length > 1 && when.date) ? exact[0] : undefined;
  }
  if (when.date !== undefined || when.part !== undefined) return undefined;
  const n = NUMBER_RE.exec(norm.trim());
  if (n) return offered[Number(n[1]) - 1];
  for (const [re, at] of ORDINALS) if (re.test(norm)) return at < 0 ? offered.at(-1) : offered[at - 1];
  if (YES_RE.test(norm.trim())) return proposed ?? (offered.length === 1 ? offered[0] : undefined);
  return undefined;
}

/** The offered slots nearest a local time ("YYYY-MM-DDTHH:MM"), earliest first. */
export function nearestSlots(slots: readonly TourSlotData[], localIso: string, n: number): TourSlotData[] {
  const at = localMinutes(localIso);
  return [...slots]
    .sort((a, b) => Math.abs(localMinutes(a.Start) - at) - Math.abs(localMinutes(b.Start) - at))
    .slice(0, n)
    .sort((a, b) => localMinutes(a.Start) - localMinutes(b.Start));
}
