// The chatbots feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in chatbots/ is its own; `npm run lint` fails on an import that reaches past this file.

export { saveTimeZone, settingsChanges } from './edit.ts';
export { EditBody } from './edit-schema.ts';
export { LANGUAGE_CODES } from './languages.ts';
export type { ModelCatalog } from './model-catalog.ts';
export {
  allChatbots,
  type Chatbot,
  type ChatbotSettings,
  findChatbotById,
  findChatbotBySerial,
  findFirstChatbot,
  insertChatbot,
  listChatbots,
} from './repo.ts';
export { SerialNumber } from './schemas.ts';
export { addChatbot, cachedChatbots, pageOfChatbots, requireChatbot } from './service.ts';
export { emailListSetting, timeZoneSetting } from './setting-rules.ts';
export { QUALIFY_FIELDS, type QualifyField } from './setting-schemas.ts';
export {
  canonicalTimeZone,
  DEFAULT_SETTINGS,
  PUBLIC_SETTINGS,
  type PublicSetting,
  type Settings,
  SettingsRecord,
} from './settings.ts';
