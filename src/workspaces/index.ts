// The workspaces feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in workspaces/ is its own; `npm run lint` fails on an import that reaches past this file.

export { hashKey, keyPrefix } from './keys.ts';
export {
  createKey,
  createWorkspace,
  deleteVisitorKeys,
  findPrincipal,
  hasWorkspace,
  insertKey,
  listKeys,
  revokeKey,
  revokeKeyById,
  sessionMessagesLimitOf,
  setSessionMessagesLimit,
  signingSecretOf,
} from './repo.ts';
