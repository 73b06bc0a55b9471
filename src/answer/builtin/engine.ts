// The builtin answer engine: offline and deterministic. A turn of the conversation is a list of
// named steps (answer-turn.ts); this loads the conversation's state, runs the turn (a message
// with two questions, one after the other: compound-turn.ts) and remembers the listings shown.
import type { AnswerEngine, AnswerOutcome, AnswerRequest } from '../engine.ts';
import { answerTurn } from './answer-turn.ts';
import { type Say, SHOWN } from './answers.ts';
import { compoundTurn } from './compound-turn.ts';
import { loadState, saveState } from './conversation.ts';
import { qualifyReply } from './qualify-turn.ts';

export function createBuiltinEngine(): AnswerEngine {
  return {
    name: 'builtin',
    async answer(req: AnswerRequest, onText: (fragment: string) => void): Promise<AnswerOutcome> {
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
