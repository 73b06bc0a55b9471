// `migrate`: applies pending migrations (under the same lock as start-up) and says which.
import { migrate } from '../migrations/index.ts';
import type { Command } from './command.ts';

export const migrateCommand: Command = {
  path: 'migrate',
  synopsis: '',
  summary: 'apply pending database migrations',
  options: {},
  positionals: [],
  migrates: false,
  async run(ctx) {
    const applied = await migrate(ctx.db);
    const where = ctx.db.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${ctx.config.dataDir}`;
    return {
      json: { database: ctx.db.dialect, applied },
      text: applied.length
        ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}`
        : `${where} is up to date; nothing to apply.`,
    };
  },
};
