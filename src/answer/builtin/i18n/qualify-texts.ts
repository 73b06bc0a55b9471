// The qualifying questions the builtin engine asks after taking a lead (QualifyQuestions;
// qualify-turn.ts), one per field, and what it says between them. Each language's are in its
// folder (en/qualify.ts, …).
import type { QualifyField } from '../../../chatbots/index.ts';

export interface QualifyTexts {
  ask: Record<QualifyField, string>;
  /** Before the next question, once an answer was noted. */
  noted: string;
  /** After the last answer. */
  thanks: string;
}
