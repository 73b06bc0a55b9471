// The review feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in review/ is its own; `npm run lint` fails on an import that reaches past this file.

export { chatbotAnalytics } from './analytics.ts';
export { type ExportFormat, exportConversations } from './export.ts';
export { fixAnswer, type ReviewDeps, resolveItem, reviewQueue } from './queue.ts';
export { type RatingDeps, rateAnswer, ratingRecord } from './rating.ts';
export { registerReviewRoutes, sendExport } from './routes.ts';
export {
  AnalyticsData,
  AnalyticsQuery,
  ExportQuery,
  FixBody,
  REVIEW_KINDS,
  ResolvedData,
  ResolveParams,
  type ReviewItemData,
  ReviewPageData,
  ReviewQuery,
} from './schemas.ts';
