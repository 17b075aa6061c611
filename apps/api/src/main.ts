import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadAppConfig } from './config/app-config';
import { createApp } from './create-app';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres';
import { prepareDatabase } from './database/prepare-database';
import { DEMO_PASSWORD, SUPER_ADMIN_PASSWORD } from './database/seed/demo-seed';
import { createLogger, PinoNestLogger } from './operations/logger';
import { ReadinessService } from './operations/readiness.service';

/** Past this, a shutdown that has not finished draining exits anyway (a stuck job or socket). */
const SHUTDOWN_DEADLINE_MS = 30_000;

async function main(): Promise<void> {
  const config = loadAppConfig();
  // Start-up lines (migrations, seeding) in the same format as the app's own.
  Logger.overrideLogger(
    new PinoNestLogger(createLogger({ production: config.production, level: config.logLevel })),
  );
  const logger = new Logger('Tessera');
  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    databaseUrl = embedded.url;
    logger.log(`Embedded PostgreSQL (PGlite) in ${config.dataDir}`);
  }
  const prepared = await prepareDatabase(config, databaseUrl);
  if (prepared.migrations.length) logger.log(`Migrations applied: ${prepared.migrations.join(', ')}`);
  if (prepared.seeded) logger.log('Demo data seeded (SEED_DEMO=1)');
  if (config.production && config.cookieSecure && !config.publicUrl.startsWith('https:')) {
    logger.warn(
      `PUBLIC_URL is ${config.publicUrl}: session cookies are Secure in production and browsers send them over https only. Serve over https, or set COOKIE_SECURE=0 for a trial over plain http.`,
    );
  }
  if (!config.paymentProvider)
    logger.log('Payments are not configured: plan changes are refused (PAYMENT_PROVIDER)');
  if (config.production && (config.seedDemo || config.paymentProvider === 'test')) {
    logger.warn(
      'Demo accounts (SEED_DEMO=1) or the test payment provider (PAYMENT_PROVIDER=test) are on: fine for a trial, not for real use.',
    );
  }

  if (config.production && config.integrations.webhookAllowPrivate) {
    logger.warn(
      'WEBHOOK_ALLOW_PRIVATE=1: webhooks may reach loopback and private addresses of this network. For tests and development only, never for real use.',
    );
  }

  const app = await createApp(config, databaseUrl, { serveWeb: true });
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });

  const url = config.publicUrl;
  logger.log(`Tessera is running at ${url}${config.apiDocs ? `  (API docs: ${url}/api/docs)` : ''}`);
  // The demo passwords are public: printed only where the demo accounts exist.
  if (config.seedDemo) {
    logger.log(
      `Demo sign-ins: demo@acme.test / ${DEMO_PASSWORD}   admin@tessera.app / ${SUPER_ADMIN_PASSWORD}   owner@globex.test / ${DEMO_PASSWORD}`,
    );
  }

  // The one shutdown path: not ready at once (the balancer stops sending), stop accepting and drain
  // in-flight requests and jobs (app.close), then close the embedded database last.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: draining`);
    setTimeout(() => {
      logger.error(`Shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.get(ReadinessService).markDraining();
    try {
      await app.close();
      await embedded?.stop();
      logger.log('Stopped');
      process.exit(0);
    } catch (error) {
      logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // A refused setting is the operator's to fix: its message, not a stack trace.
  console.error(error instanceof ConfigError ? `Tessera cannot start: ${error.message}` : error);
  process.exit(1);
});
