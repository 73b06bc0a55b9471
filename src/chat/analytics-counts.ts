// The counts the analytics page reads instead of the messages (docs/review.md "Analytics"):
// per ten-minute slice (repo-message-counts.ts) and per question text and day
// (repo-question-counts.ts). Both are kept in the transaction that stores or removes the
// messages, so they always equal a count over the messages stored.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { countMessages, uncountMessages } from './repo-message-counts.ts';
import { countQuestions, uncountQuestions } from './repo-question-counts.ts';

/** Counts the messages just stored. */
export async function countForAnalytics(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  await countMessages(db, messageIds);
  await countQuestions(db, messageIds);
}

/** Takes the messages about to be removed out of the counts. */
export async function uncountForAnalytics(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  await uncountMessages(db, messageIds);
  await uncountQuestions(db, messageIds);
}
