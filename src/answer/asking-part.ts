// The part of a visitor's message that asks: what the engines answer, and what decides whether
// it is about homes or about the brokerage ("we're moving from Chicago next spring: who helps
// with relocation?" asks the second sentence; the first tells).

/** A sentence that opens as a question does, its question mark left out ("like how many agents do you have"). */
const QUESTION_START_RE =
  /^(?:(?:and|also|like|so|but|y|et|pero|mais) )?(?:how|what|when|where|who|which|why|can|could|do|does|is|are|will|would|est-ce|comment|combien|quand|quel|quelle)\b/i;

/**
 * The sentences of a text that ask (ending in "?" or opened by "¿"), when it also says
 * something else: "can I have a dog in your rentals? mine is a lab, about 60 lbs" asks the
 * first; the second tells what the knowledge need not hold ("On déménage de Californie : qui
 * est votre coordinatrice ?": a colon ends what it tells). Null when all of it asks.
 */
export function askingPart(text: string): string | null {
  const sentences = sentencesOf(text);
  const asking = sentences.filter((x) => x.startsWith('¿') || x.endsWith('?') || QUESTION_START_RE.test(x));
  if (asking.length === 0 || asking.length === sentences.length) return null;
  return asking.join(' ');
}

/** A message's sentences: each ends at . ! ? : or ;, and a "¿" opens one. */
export function sentencesOf(text: string): string[] {
  return (
    text
      .match(/¿[^?]*\?*|[^.!?¿:;]+[.!?:;]*/g)
      ?.map((x) => x.trim())
      .filter(Boolean) ?? []
  );
}
