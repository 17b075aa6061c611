import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadAppConfig } from './config/app-config';
import { createApp } from './create-app';
import { runMigrations } from './database/data-source';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres';
import { DEMO_PASSWORD, SUPER_ADMIN_PASSWORD, seedDemoData } from './database/seed/demo-seed';

async function main(): Promise<void> {
  const logger = new Logger('Tessera');
  const config = loadAppConfig();
  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    databaseUrl = embedded.url;
    logger.log(`Embedded PostgreSQL (PGlite) in ${config.dataDir}`);
  }
  const applied = await runMigrations(databaseUrl);
  if (applied.length) logger.log(`Migrations applied: ${applied.join(', ')}`);
  if (config.seedDemo && (await seedDemoData(databaseUrl))) logger.log('Demo data seeded');

  const app = await createApp(config, databaseUrl, { serveWeb: true });
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });

  const url = `http://localhost:${config.port}`;
  logger.log(`Tessera is running at ${url}  (API docs: ${url}/api/docs)`);
  if (config.seedDemo) {
    logger.log(
      `Demo sign-ins: demo@acme.test / ${DEMO_PASSWORD}   admin@tessera.app / ${SUPER_ADMIN_PASSWORD}   owner@globex.test / ${DEMO_PASSWORD}`,
    );
  }

  const shutdown = async () => {
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
