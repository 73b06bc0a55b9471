// A message that asks about homes and about the brokerage at once ("3-bed homes in Austin?
// and what are your office hours?"): split in two (compound.ts), each part answered as it
// would be alone, in the order asked.
import type { AnswerRequest, KnowledgeHit } from '../engine.ts';
import type { Say } from './answers.ts';
import { partAsks, splitCompound } from './compound.ts';
import type { ConversationState } from './conversation.ts';
import { answerLanguage, textsFor } from './i18n/index.ts';
import { detectLanguage, normalize } from './lexicon.ts';
import { asksForHomes, EXACT_COVERAGE, STRONG_COVERAGE } from './routing.ts';
import { withoutInjection } from './small-talk.ts';
import type { Turn } from './turn.ts';
import { conceptRe } from './vocab/index.ts';

/** Words pointing at what the message said before ("what does one run?", "¿cuánto cuesta eso?"). */
const POINTS_BACK_RE = conceptRe((v) => v.pointsBack);

/**
 * A part asking of what the other names, with one word of its own the knowledge holds: "is a
 * separate pool inspector worth it and what does one run?" asks the price of the inspector, not
 * what "runs" in some passage.
 */
function pointsBack(about: string, hit: KnowledgeHit): boolean {
  return hit.asked - hit.unheld <= 1 && POINTS_BACK_RE.test(normalize(about));
}

/**
 * A question about homes and about the brokerage at once: the homes part is answered as a
 * turn of its own, and the other part from the knowledge, in the order they were asked.
 * Anything else is one turn. `answerTurn` is answer-turn.ts's turn.
 */
export async function compoundTurn(
  req: AnswerRequest,
  state: ConversationState,
  say: Say,
  answerTurn: (req: AnswerRequest, state: ConversationState, say: Say) => Promise<Turn>,
): Promise<Turn> {
  const { text } = withoutInjection(req.question.content);
  const parts = req.knowledge && req.question.askType === 'Text' ? splitCompound(text) : null;
  if (parts) {
    for (const [homes, about] of [parts, [parts[1], parts[0]]] as const) {
      // Two searches joined ("3 bedroom homes in Austin and what about 2 bedrooms?") are one.
      if (!asksForHomes(homes) || asksForHomes(about) || !partAsks(about)) continue;
      // "Vous vendez aussi des terrains ? qui faut-il contacter ?": when the knowledge answers
      // the homes part itself (every word of it, "3-bed" included), the second part asks about
      // that answer; one turn answers both.
      const own = await req.knowledge?.(homes, EXACT_COVERAGE);
      if (own && !own.unnamed && own.unheld === 0) break;
      const hit = await req.knowledge?.(about, STRONG_COVERAGE);
      if (!hit || hit.unnamed || pointsBack(about, hit)) continue;
      const lang = answerLanguage(req.chatbot.settings.AIResponseLanguage, detectLanguage(text));
      const knowledge = () => say(`${hit.text}\n${textsFor(lang).knowledgeSource(hit.source)}`);
      if (about === parts[0]) knowledge();
      const turn = await answerTurn({ ...req, question: { ...req.question, content: homes } }, state, say);
      if (about === parts[1]) knowledge();
      return turn;
    }
  }
  return answerTurn(req, state, say);
}
