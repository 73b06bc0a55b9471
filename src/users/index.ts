// The users feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in users/ is its own; `npm run lint` fails on an import that reaches past this file.

export { changeOwnEmail, changeOwnPassword, changeRole, removeMember } from './account.ts';
export { acceptInvite, createInvite, INVITE_MS, openInvite } from './invites.ts';
export { generatePassword, hashPassword } from './passwords.ts';
export { insertUser, publicNames, userNames } from './repo.ts';
export { countInvites, deleteInvite, type Invite, openInvites } from './repo-invites.ts';
export { checkSignIn, createUser, removeUser, resetPassword, roleOf, userInWorkspace, usersOf } from './service.ts';
export {
  ABSOLUTE_MS,
  consoleSessionLive,
  endConsoleSession,
  resolveConsoleSession,
  startConsoleSession,
} from './sessions.ts';
