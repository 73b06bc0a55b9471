// Whether an answer looked in the chatbot's knowledge and found no passage: the review queue's
// "knowledge" items (docs/review.md). The model's own search (search_knowledge) that finds
// nothing is a miss whatever it then says; the builtin engine probes the knowledge for many
// questions at several thresholds, so its probes count only when it could not answer.
import type { KnowledgeHit, KnowledgePassage } from '../answer/index.ts';

type Search = (question: string, minCoverage: number) => Promise<KnowledgeHit | null>;
type Passages = (query: string, limit: number) => Promise<KnowledgePassage[]>;

export function lookedUpKnowledge(search: Search, passages: Passages) {
  let probed = false;
  let searched = false;
  let found = false;
  return {
    knowledge: async (question: string, minCoverage: number) => {
      probed = true;
      const hit = await search(question, minCoverage);
      if (hit) found = true;
      return hit;
    },
    knowledgePassages: async (query: string, limit: number) => {
      searched = true;
      const list = await passages(query, limit);
      if (list.length) found = true;
      return list;
    },
    missed: (noAnswer: boolean) => !found && (searched || (probed && noAnswer)),
  };
}
