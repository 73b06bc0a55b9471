// `npm start`: migrate, bootstrap on first start, serve, print the banner.
import { join } from 'node:path';
import { defaultRegistry } from './answer/default-registry.ts';
import { ffmpegLine, locateFfmpeg } from './answer/media/ffmpeg-binary.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate } from './migrations/migrate.ts';
import { bannerText } from './setup/banner.ts';
import { bootstrap } from './setup/bootstrap.ts';

export async function serve(): Promise<void> {
  const config = loadConfig();
  // Before anything is opened: an FFMPEG_PATH that is not ffmpeg stops start-up (ConfigError).
  const ffmpeg = locateFfmpeg({ explicit: config.media.ffmpegPath, searchPath: config.media.searchPath });
  const db = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const boot = await bootstrap(db, config, new Date());
  const app = await buildApp({ config, db, clock: () => new Date(), engines: defaultRegistry(config, ffmpeg) });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    bannerText(config.publicUrl, boot, { smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox') }, [
      ffmpegLine(ffmpeg),
    ]),
  );
}
