// CLI entry: `serve` (what npm start runs) and the admin commands (src/cli/).
// Each loads only what it needs: an admin command does not load the HTTP server.
import { ConfigError } from './config.ts';

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'serve') {
    const { serve } = await import('./serve.ts');
    return serve();
  }
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
