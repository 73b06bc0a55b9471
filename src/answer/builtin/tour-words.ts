// Words of a showing in the four languages, on normalized text: an ask to see a home or meet
// an agent ("can I see the second one on Saturday?", "quiero ver la casa el sábado", "je
// voudrais visiter mardi", "posso visitar sábado?"), and which offered slot a reply picks
// ("the second one", "2", "10:30", "yes").
import type { TourSlotData } from '../tour-desk.ts';
import { type AskedWhen, namesTime } from './tour-when.ts';

/** Words that ask for a showing by themselves. */
const TOUR_RE =
  /\b(tour|showings?|viewing|walk ?through|visit|visita|visitar|visitarla|visitarlo|recorrido|cita|agendar|visite|visiter|rendez-vous|rdv|conhecer o imovel|marcar uma visita|appointment)\b/;
/** Words that ask for one with a time: "can I see it Saturday?". */
const SEE_RE = /\b(see|view|look at|check out|ver|verla|verlo|voir|conhecer)\b/;
/** A meeting with an agent, not about one home. */
const AGENT_RE =
  /\b(meet|meeting)( with)? (an?|the|your|one of your) (agent|realtor)\b|\breunir(me|nos)? con un agente\b|\brencontrer un agent\b|\b(reuniao|encontro) com um corretor\b/;
/** Showings these words are not: a virtual tour, a visit to the office, a question about one. */
const NOT_TOUR_RE =
  /\b(virtual|video|3d|online|en linea|en ligne)\b|\b(office|oficina|bureau|agence|escritorio)\b|\b(how many|cuantas?|combien|quantas?) (visits|visitas|visites)\b/;
/** A search rather than one home: "see homes in Austin this weekend". */
const SEARCH_RE = /\b(homes|houses|condos|listings|apartments|casas|viviendas|pisos|maisons|appartements|imoveis)\b/;

/** Whether the message asks to book a showing (or a meeting with an agent). */
export function asksForTour(norm: string, when: AskedWhen): boolean {
  if (NOT_TOUR_RE.test(norm)) return false;
  if (AGENT_RE.test(norm) || TOUR_RE.test(norm)) return true;
  return SEE_RE.test(norm) && namesTime(when) && !SEARCH_RE.test(norm);
}

/** Whether the message could ask for a showing at all (checked before its dates are read). */
export const mayAskForTour = (norm: string) => TOUR_RE.test(norm) || SEE_RE.test(norm) || AGENT_RE.test(norm);

export const meetsAgent = (norm: string) => AGENT_RE.test(norm);

const ORDINALS: [RegExp, number][] = [
  [/\b(first|1st|primer[oa]?|premier|premiere|primeir[oa])\b/, 1],
  [/\b(second|2nd|segund[oa]|deuxieme|seconde?)\b/, 2],
  [/\b(third|3rd|tercer[oa]?|troisieme|terceir[oa])\b/, 3],
  [/\b(fourth|4th|cuart[oa]|quatrieme|quart[oa])\b/, 4],
  [/\b(fifth|5th|quint[oa]|cinquieme)\b/, 5],
  [/\b(sixth|6th|sext[oa]|sixieme)\b/, 6],
  [/\b(last one|the last|ultim[oa]|dernier|derniere)\b/, -1],
];
const NUMBER_RE = /^(?:#|no\.?|n°|option|opcion|opcao|numero|number)?\s*([1-9])\s*[.!)]?$/;
const YES_RE =
  /^(yes|yeah|yep|sure|ok|okay|si|vale|claro|de acuerdo|oui|d'accord|sim|pode ser|perfect|perfecto|parfait|perfeito|great|that works|book it)\b/;

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
