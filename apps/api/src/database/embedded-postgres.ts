import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite served over the PostgreSQL wire protocol, so the API talks to it through the same `pg`
 * driver and migrations as a real server (one code path). The API opens one pooled connection to it
 * (see AppConfig.databasePoolSize); the migration and seed runs open one each, one after another.
 */
export async function startEmbeddedPostgres(dataDir: string, maxConnections = 4): Promise<EmbeddedPostgres> {
  const dbDir = join(dataDir, 'pglite');
  mkdirSync(dbDir, { recursive: true });
  const db = await PGlite.create(dbDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
