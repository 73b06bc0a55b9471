// The knowledge feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in knowledge/ is its own; `npm run lint` fails on an import that reaches past this file.

export { limitKnowledgeIndex } from './memory-index.ts';
export { addQaEntry, QA_ANSWER_MAX, QA_QUESTION_MAX } from './qa-entry.ts';
export { hasAboutText } from './repo.ts';
export { knowledgePassagesFor, knowledgeSearchFor } from './search.ts';
export type { KnowledgeContext } from './service.ts';
