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

/**
 * The glossary's concept a topic falls under, where it has one: a text holding the concept's
 * words speaks of the topic too (a passage on a lender's pre-approval letter is about mortgages).
 */
const TOPIC_CONCEPTS: Partial<Record<Topic, string>> = {
  rates: 'mortgage',
  insurance: 'insurance',
};
const CONCEPT_RES = new Map(
  Object.entries(TOPIC_CONCEPTS).map(([topic, concept]) => [
    topic,
    conceptRe((v) => v.glossary[concept]?.split(/\s+/).map((w) => `${w}s?`)),
  ]),
);

export function unanswerableTopicOf(normalized: string): Topic | null {
  return TOPICS.find((t) => t.re.test(normalized))?.topic ?? null;
}

/** Whether a text speaks of a topic (a passage answering a question on it must). */
function mentionsTopic(normalized: string, topic: Topic): boolean {
  return TOPICS.find((t) => t.topic === topic)?.re.test(normalized) ?? false;
}

/**
 * Whether a passage is on the topic a question asks about: it speaks of the topic, or the
 * question names the topic by its concept's words alone ("financiamento", "hipoteca", "renters
 * insurance") and the passage holds that concept ("a lender's pre-approval letter"). "Mortgage
 * rates" asks what no passage on lenders says unless it speaks of rates.
 */
export function onTopic(passage: string, topic: Topic, question: string): boolean {
  if (mentionsTopic(passage, topic)) return true;
  const concept = CONCEPT_RES.get(topic);
  const named = TOPICS.find((t) => t.topic === topic)?.re.exec(question)?.[0];
  if (!concept || !named) return false;
  return named.split(/\s+/).every((w) => concept.test(w)) && concept.test(passage);
}

/** The sentences of a message that name a topic, when others do not; null otherwise. */
export function sentencesNaming(text: string, topic: Topic): string | null {
  const sentences = sentencesOf(text);
  const naming = sentences.filter((x) => mentionsTopic(normalize(x), topic));
  return naming.length > 0 && naming.length < sentences.length ? naming.join(' ') : null;
}
