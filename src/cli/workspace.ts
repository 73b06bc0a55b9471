// `workspace create`, `key create`, `key revoke`: credentials, shown once.
import { NotFound } from '../errors.ts';
import { createKey, createWorkspace, revokeKey } from '../workspaces/index.ts';
import type { Command } from './command.ts';
import { CommandFailed, optionalText, UsageError, workspaceIdOf } from './io.ts';

export const workspaceCreate: Command = {
  path: 'workspace create',
  synopsis: '[--name NAME]',
  summary: 'create a workspace with an API key and a session key (shown once)',
  options: { name: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const name = optionalText(values, 'name')?.trim() || 'My workspace';
    if (name.length > 200) throw new UsageError('--name must be at most 200 characters');
    const ws = await createWorkspace(ctx.db.kysely, name, ctx.now());
    return {
      json: { workspaceId: ws.workspaceId, name, apiKey: ws.apiKey, sessionKey: ws.sessionKey },
      text: [
        `Created workspace ${ws.workspaceId} (${name}).`,
        `  API key:      ${ws.apiKey}`,
        `  Session key:  ${ws.sessionKey}`,
        'Store the keys now: they are not shown again.',
      ].join('\n'),
    };
  },
};

export const keyCreate: Command = {
  path: 'key create',
  synopsis: '--workspace ID [--kind api|session]',
  summary: 'create a key; a new session key revokes the old one',
  options: { workspace: { type: 'string' }, kind: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const workspaceId = workspaceIdOf(values);
    const kind = optionalText(values, 'kind') ?? 'api';
    if (kind !== 'api' && kind !== 'session') throw new UsageError(`--kind must be api or session, got "${kind}"`);
    const key = await createKey(ctx.db.kysely, workspaceId, kind, ctx.now());
    if (key === null) throw new NotFound(`workspace ${workspaceId}`);
    const header = kind === 'api' ? 'Authorization' : 'chatrobot-sessionkey';
    return {
      json: { workspaceId, kind, key },
      text: [
        `Created ${kind} key for workspace ${workspaceId}${kind === 'session' ? ' (the previous session key is revoked)' : ''}:`,
        `  ${key}`,
        `Send it as the ${header} header. It is not shown again.`,
      ].join('\n'),
    };
  },
};

export const keyRevoke: Command = {
  path: 'key revoke',
  synopsis: 'KEY',
  summary: 'revoke a key (given as the key itself)',
  options: {},
  positionals: ['KEY'],
  migrates: true,
  async run(ctx, _values, [key = '']) {
    const revoked = await revokeKey(ctx.db.kysely, key.trim(), ctx.now());
    if (!revoked) throw new CommandFailed('no such key, or it is already revoked');
    return { json: { revoked: true }, text: 'Key revoked.' };
  },
};
