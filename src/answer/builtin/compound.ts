// A question about homes and about the brokerage at once ("do you have 3-bed homes in Austin,
// and what's your buyer fee?"): cut in two where a second question starts, so that each part
// is answered by what answers it (the listings, the knowledge).

/** Words a second question starts with, after "and"/"y"/"et" (English, Spanish, French). */
const QUESTION_START =
  "(?:what|what's|whats|how|do|does|did|are|is|can|could|will|would|when|where|who|which|why|" +
  'qu[eé]|cu[aá]l|cu[aá]les|c[oó]mo|d[oó]nde|cu[aá]ndo|qui[eé]n|cobran|tienen|hay|' +
  'quel|quelle|quels|quelles|comment|o[uù]|quand|qui|est-ce|avez|[eê]tes|pouvez|faites)\\b';

const AUXILIARY = /^(?:do|does|did|are|is|can|could|will|would|tienen|hay|avez|[eê]tes|pouvez|faites)\b/i;

const JOINED = new RegExp(`[,;]?\\s+(?:and|also|plus|y|adem[aá]s|et|aussi)\\s+(?=${QUESTION_START})`, 'i');

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
      .replace(/^(?:and|also|plus|y|et)\s+/i, '')
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
