// The answer feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in answer/ is its own; `npm run lint` fails on an import that reaches past this file.

export { askingPart } from './asking-part.ts';
export { editDistance } from './builtin/spelling.ts';
export { glossaryAnsweredBy, glossaryGroups, VOCABULARIES } from './builtin/vocab/index.ts';
export {
  type AnswerEngine,
  type AnswerOutcome,
  ASK_TYPES,
  type AskType,
  type HistoryMessage,
  type KnowledgeHit,
  type KnowledgePassage,
  type LeadDetails,
  type ListingSearch,
  type QuestionFile,
} from './engine.ts';
export { listingSearchFor } from './listing-search.ts';
export {
  INTENTS,
  type Intent,
  mergeQualification,
  NO_QUALIFICATION,
  PRE_APPROVED,
  type Qualification,
  TIMELINES,
  type Timeline,
} from './qualification.ts';
export type { EngineRegistry } from './registry.ts';
export { countTokens } from './tokens.ts';
export {
  bookTourInput,
  filterOf,
  getInput,
  given,
  handoffInput,
  knowledgeInput,
  MAX_LISTINGS_PER_SEARCH,
  pageOf,
  type SearchInput,
  searchInput,
  tourSlotsInput,
} from './tool-inputs.ts';
export {
  AppointmentCard,
  type AppointmentCardData,
  type TourBookingAnswer,
  type TourBookingRequest,
  TourCard,
  type TourCardData,
  type TourDesk,
  TourSlot,
  type TourSlotData,
  type TourSlotQuery,
  type TourSlotsAnswer,
} from './tour-desk.ts';
