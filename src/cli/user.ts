// `user create|list|reset-password|remove`: the console's staff accounts. A generated
// password is printed once; `--password` sets one instead (at least 10 characters).
import { createUser, removeUser, resetPassword, roleOf, usersOf } from '../users/index.ts';
import type { Command } from './command.ts';
import { optionalText, UsageError, workspaceIdOf } from './io.ts';

function emailOf(values: Record<string, string | boolean | undefined>): string {
  const email = optionalText(values, 'email');
  if (!email) throw new UsageError('--email is required');
  return email;
}

export const userCreate: Command = {
  path: 'user create',
  synopsis: '--workspace ID --email EMAIL [--role owner|agent] [--name NAME] [--password PASSWORD]',
  summary: 'create a console user (role agent unless given); prints a generated password once',
  options: {
    workspace: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
  },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const workspaceId = workspaceIdOf(values);
    const role = roleOf(optionalText(values, 'role') ?? 'agent');
    const given = optionalText(values, 'password');
    const { user, password } = await createUser(
      ctx.db,
      { workspaceId, email: emailOf(values), name: optionalText(values, 'name'), role, password: given },
      ctx.now(),
    );
    return {
      json: { id: user.id, workspaceId, email: user.email, role, ...(given ? {} : { password }) },
      text: [
        `Created ${role} ${user.email} in workspace ${workspaceId}.`,
        ...(given ? [] : [`  Password: ${password}`, 'It is not shown again.']),
        `Sign in at ${ctx.config.publicUrl}/console`,
      ].join('\n'),
    };
  },
};

export const userList: Command = {
  path: 'user list',
  synopsis: '[--workspace ID]',
  summary: 'list console users (of one workspace, or all)',
  options: { workspace: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const workspaceId = optionalText(values, 'workspace') === undefined ? null : workspaceIdOf(values);
    const users = await usersOf(ctx.db, workspaceId);
    const rows = users.map((u) => ({
      id: u.id,
      workspaceId: u.workspace_id,
      email: u.email,
      name: u.name,
      role: u.role,
    }));
    return {
      json: rows,
      text: rows.length
        ? rows
            .map((u) => `${u.id}\tworkspace ${u.workspaceId}\t${u.role}\t${u.email}${u.name ? `\t${u.name}` : ''}`)
            .join('\n')
        : 'No users.',
    };
  },
};

export const userResetPassword: Command = {
  path: 'user reset-password',
  synopsis: '--email EMAIL [--password PASSWORD]',
  summary: "set a user's password (generated unless given) and sign them out everywhere",
  options: { email: { type: 'string' }, password: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const given = optionalText(values, 'password');
    const { user, password } = await resetPassword(ctx.db, emailOf(values), ctx.now(), given);
    return {
      json: { email: user.email, ...(given ? {} : { password }) },
      text: [
        `Password of ${user.email} reset.`,
        ...(given ? [] : [`  Password: ${password}`, 'It is not shown again.']),
      ].join('\n'),
    };
  },
};

export const userRemove: Command = {
  path: 'user remove',
  synopsis: '--email EMAIL',
  summary: "remove a console user (not a workspace's last owner)",
  options: { email: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const user = await removeUser(ctx.db, emailOf(values));
    return { json: { removed: user.email }, text: `Removed ${user.email}.` };
  },
};
