// Questions no listing can answer (schools, crime, commute, taxes, rates, flood zones,
// where prices are going): the engine says it cannot answer them, offers a person, and
// names no listing, rather than answering with homes that happen to be in the city.

import { sentencesOf } from '../asking-part.ts';
import { normalize } from './lexicon.ts';
import { conceptRe } from './vocab/index.ts';
import type { Topic } from './vocab/parts.ts';

export type { Topic } from './vocab/parts.ts';

/** Tried in this order: the first topic a question names is the one answered. */
const TOPIC_ORDER: Topic[] = [
  'commercial',
  'schools',
  'crime',
  'commute',
  'taxes',
  'rates',
  'flood',
  'forecast',
  'walkability',
  'listingAgent',
  'insurance',
];
const TOPICS = TOPIC_ORDER.map((topic) => ({ topic, re: conceptRe((v) => v.unanswerable[topic]) }));

export function unanswerableTopicOf(normalized: string): Topic | null {
  return TOPICS.find((t) => t.re.test(normalized))?.topic ?? null;
}

/** Whether a text speaks of a topic (a passage answering a question on it must). */
export function mentionsTopic(normalized: string, topic: Topic): boolean {
  return TOPICS.find((t) => t.topic === topic)?.re.test(normalized) ?? false;
}

/** The sentences of a message that name a topic, when others do not; null otherwise. */
export function sentencesNaming(text: string, topic: Topic): string | null {
  const sentences = sentencesOf(text);
  const naming = sentences.filter((x) => mentionsTopic(normalize(x), topic));
  return naming.length > 0 && naming.length < sentences.length ? naming.join(' ') : null;
}
