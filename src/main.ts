// CLI entry: `serve` (what npm start runs) and the admin commands (src/cli/).
import { createRegistry } from './answer/registry.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';

async function serve(): Promise<void> {
  const config = loadConfig();
  const db = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const app = await buildApp({ config, db, clock: () => new Date(), engines: createRegistry(config.models, {}) });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'serve') return serve();
  const { runCli } = await import('./cli/run.ts');
  process.exitCode = await runCli(argv);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`configuration error: ${err.message}`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
