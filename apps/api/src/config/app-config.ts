import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

/** Everything the API reads from its environment, read once at start-up. */
export interface AppConfig {
  port: number;
  /** Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  /**
   * Connections to the database. The embedded PGlite is one session behind a multiplexer that
   * mixes up concurrent extended-protocol messages ("bind message supplies …", "portal does not
   * exist"), so it gets one connection: queries queue in the pool, as they would inside PGlite.
   */
  databasePoolSize: number;
  dataDir: string;
  seedDemo: boolean;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  cookieSecure: boolean;
  superAdminDomain: string;
  /** Anonymous API key the browser sends as `apikey` on me-access (spec §7); public by design. */
  anonKey: string;
  /** Where built front ends live; the API serves them when present. */
  webRoot: string;
  remoteUrls: { crm: string | null; industry: string | null };
  production: boolean;
  /** Base of every link the product sends (e-mails): the address users reach the app at. */
  publicUrl: string;
  /** `smtp://user:pass@host:587`; unset keeps messages in the outbox for the Outbox page. */
  smtpUrl: string | null;
  /** The From of every message, e.g. `Tessera <no-reply@example.com>`. */
  mailFrom: string;
  /** Delivery attempts after the first, spaced by an exponential back-off from this delay. */
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  /** Run background jobs in this process (RUN_JOBS=0 makes a web-only process). */
  runJobs: boolean;
  /**
   * A running job that has not heartbeaten for this long belongs to a dead process and is handed
   * to another worker (pg-boss's minimum is 10).
   */
  jobHeartbeatSeconds: number;
  /**
   * How often the queue looks for such jobs (and for expired ones): with the heartbeat, the worst
   * delay before a crashed job runs again.
   */
  jobMonitorSeconds: number;
}

const repoRoot = resolve(__dirname, '..', '..', '..', '..');

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? (databaseUrl ? 10 : 1)),
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, '.data')),
    // Demo data for the embedded database, or when asked; never silently into a real DATABASE_URL.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : databaseUrl === null,
    // A random secret only suits a single process: set JWT_SECRET when running more than one.
    jwtSecret: env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 60 * 60 * 24 * 30),
    cookieSecure: env.COOKIE_SECURE === '1',
    superAdminDomain: env.SUPER_ADMIN_DOMAIN ?? 'tessera.app',
    anonKey: env.TESSERA_ANON_KEY ?? 'tessera-anon-key',
    webRoot: resolve(env.WEB_ROOT ?? resolve(repoRoot, 'apps')),
    remoteUrls: { crm: env.REMOTE_CRM_URL ?? null, industry: env.REMOTE_INDUSTRY_URL ?? null },
    production: env.NODE_ENV === 'production',
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || 'Tessera <no-reply@tessera.localhost>',
    mailRetryLimit: Number(env.MAIL_RETRY_LIMIT ?? 8),
    mailRetryDelaySeconds: Number(env.MAIL_RETRY_DELAY_SECONDS ?? 30),
    runJobs: env.RUN_JOBS !== '0',
    jobHeartbeatSeconds: Math.max(10, Number(env.JOB_HEARTBEAT_SECONDS ?? 10)),
    jobMonitorSeconds: Math.max(1, Number(env.JOB_MONITOR_SECONDS ?? 10)),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
