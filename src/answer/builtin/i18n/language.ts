// Everything the builtin engine writes in one language: a folder per language (en/, es/, …)
// exports one of these from its index.ts, registered in index.ts.
import type { QualifyTexts } from './qualify-texts.ts';
import type { Talk } from './talk.ts';
import type { Texts } from './texts.ts';
import type { TourTexts } from './tour-texts.ts';

export interface Language {
  /** Listing answers: what was searched, counts, details, relaxed searches. */
  texts: Texts;
  /** Conversation beyond searches. */
  talk: Talk;
  /** Booking a showing. */
  tours: TourTexts;
  /** The qualifying questions after a lead. */
  qualify: QualifyTexts;
}
