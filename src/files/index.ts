// The files feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in files/ is its own; `npm run lint` fails on an import that reaches past this file.

export { chatbotImageName } from './chatbot-files.ts';
export { activeDocuments, openFile } from './read.ts';
export {
  activeFileKinds,
  activeQuestionFiles,
  claimFileForChatbot,
  filesOfChatbot,
  findActiveImage,
  setFileOwner,
} from './repo.ts';
export { countFilesOfSessions, deleteFilesOfSessions } from './repo-erase.ts';
export {
  markChatbotFilesRemoved,
  markSessionFilesRemoved,
  markVisitorFilesExpired,
  sessionsWithFiles,
} from './repo-sweep.ts';
export type { VisitorUpload } from './service.ts';
export type { FileStorage } from './storage.ts';
export { ABANDONED_AFTER_MS, deleteAbandonedFiles } from './sweep.ts';
