// A question about homes and about the brokerage at once ("do you have 3-bed homes in Austin,
// and what's your buyer fee?"): cut in two where a second question starts, so that each part
// is answered by what answers it (the listings, the knowledge). The words are each language's (vocab/).
import { alternation, type Phrases, type Vocabulary } from './vocab/index.ts';

const words = (pick: (c: Vocabulary['compound']) => Phrases) => alternation((v) => pick(v.compound));
/** Words a second question starts with, after "and"/"y"/"et". */
const QUESTION_START = `${words((c) => c.questionStart)}\\b`;
const AUXILIARY = new RegExp(`^${words((c) => c.auxiliary)}\\b`, 'i');
const JOINED = new RegExp(`[,;]?\\s+${words((c) => c.joiners)}\\s+(?=${QUESTION_START})`, 'i');
const OPENER = new RegExp(`^${words((c) => c.openers)}\\s+`, 'i');

const STARTS_AS_QUESTION = new RegExp(`^(?:¿|${QUESTION_START})`, 'i');

/**
 * Whether a part asks: it holds a question mark or opens as a question does. What follows a
 * question without asking ("…at carolina beach? thinking of buying one") tells, and is no
 * second question.
 */
export function partAsks(part: string): boolean {
  return part.includes('?') || STARTS_AS_QUESTION.test(part.trim());
}

/** The two parts of a compound question, or null when it is one question. */
export function splitCompound(text: string): [string, string] | null {
  const t = text.trim();
  // "…in Austin? And what's your fee?" / "…in Austin? what's your fee?" / "…en Austin. ¿Y su
  // comisión?" (a "¿" opens the second part).
  const mark = /\?\s*(?=\S)|(?=¿)(?<=\S\s*)/.exec(t);
  if (mark && mark.index + mark[0].length < t.length) {
    const first = t.slice(0, mark.index + mark[0].length).trim();
    const second = t
      .slice(mark.index + mark[0].length)
      .replace(OPENER, '')
      .trim();
    if (first.length > 3 && second.length > 3) return [first, second];
  }
  const joined = JOINED.exec(t);
  if (!joined) return null;
  const first = t.slice(0, joined.index).trim();
  const second = t.slice(joined.index + joined[0].length).trim();
  // "…off Jones Street and would probably want to…": after "and", a verb starts a second
  // question only when a question mark ends its sentence.
  if (AUXILIARY.test(second) && !/^[^.!?]*\?/.test(second)) return null;
  return first.length > 3 && second.length > 3 ? [first, second] : null;
}
