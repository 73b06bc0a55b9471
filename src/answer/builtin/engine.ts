// The builtin answer engine: offline and deterministic. A turn of the conversation is a list of
// named steps (answer-turn.ts); this loads the conversation's state, runs the turn (a message
// with two questions, one after the other: compound-turn.ts) and remembers the listings shown.
import type { AnswerEngine, AnswerOutcome, AnswerRequest } from '../engine.ts';
import { answerTurn } from './answer-turn.ts';
import { type Say, SHOWN } from './answers.ts';
import { compoundTurn } from './compound-turn.ts';
import { loadState, saveState } from './conversation.ts';
import { qualifyReply } from './qualify-turn.ts';

/** How much of a long message's start, and of its end, the engine reads. */
const READ_EDGE = 1_500;

/**
 * What the engine reads of a message: all of it, or for one longer than twice READ_EDGE its start
 * and its end, cut between words (what a message asks is most often at its end, who the visitor
 * is at its start). Every step reads the whole text, some several times: a 10,000-character
 * message took 40 to 65 ms of CPU; the visitors' longest messages in the answer sets are under
 * 700 characters.
 */
export function readableOf(content: string): string {
  if (content.length <= 2 * READ_EDGE) return content;
  const head = content.slice(0, READ_EDGE);
  const tail = content.slice(-READ_EDGE);
  let cut = head.length;
  while (cut > 0 && !isSpace(head[cut - 1] ?? ' ')) cut--;
  let from = 0;
  while (from < tail.length && !isSpace(tail[from] ?? ' ')) from++;
  return `${cut > 0 ? head.slice(0, cut) : head}\n\n${from < tail.length ? tail.slice(from) : tail}`;
}

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r';

export function createBuiltinEngine(): AnswerEngine {
  return {
    name: 'builtin',
    async answer(asked: AnswerRequest, onText: (fragment: string) => void): Promise<AnswerOutcome> {
      const req = { ...asked, question: { ...asked.question, content: readableOf(asked.question.content) } };
      // Fragments go out as each line is ready; a line break starts every line but the first.
      let lines = 0;
      const say: Say = (line) => {
        if (req.signal.aborted || !line) return;
        onText(lines++ === 0 ? line : `\n${line}`);
      };
      const state = await loadState(req.conversation);
      const turn = await compoundTurn(req, state, say, answerTurn);
      if (turn.listings.length) {
        const ids = turn.listings.map((x) => x.id);
        state.shown = ids.slice(0, SHOWN * 2);
        state.seen = [...state.seen, ...ids];
        state.about = ids[0];
      }
      await saveState(req.conversation, state);
      return { noAnswer: !turn.answered, listings: turn.listings, tour: turn.tour };
    },
    whileWaiting: qualifyReply,
  };
}
