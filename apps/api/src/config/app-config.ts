import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { type DatabaseLogins, databaseLogins } from '../database/database-roles';
import { SEQUENCE_DAILY_LIMIT_DEFAULT } from '@tessera/data-access/contracts';
import { mailboxEncryptionKey, ssoEncryptionKey } from '../common/secret-box';

/** Limits on the credential routes; see docs/security.md. */
export interface RateLimitConfig {
  /** The window of the per-IP limits, in seconds. */
  ipWindowSeconds: number;
  /** Requests per IP and window. */
  signInPerIp: number;
  signUpPerIp: number;
  passwordResetPerIp: number;
  refreshPerIp: number;
  /** Web form submissions per client address (all forms) and per form (all addresses), per window. */
  webFormPerIp: number;
  webFormPerForm: number;
  /** Wrong passwords in a row after which an account's sign-in answers 429 until the window ends. */
  accountFailures: number;
  /** Sign-ups and password-reset requests per e-mail address and window. */
  accountRequests: number;
  accountWindowSeconds: number;
  /** Messages that someone else's request sends to one address (invitations, resends) per hour. */
  mailToAddressPerHour: number;
  /** Invitation messages (new and resent) one institution sends per hour. */
  invitationsPerInstitutionPerHour: number;
  /** Password-reset requests per e-mail address per hour, whether or not an account has it. */
  passwordResetsPerAddressPerHour: number;
  /** Campaign test messages one person sends per hour. */
  campaignTestsPerPersonPerHour: number;
}

/** Everything the API reads from its environment, read once at start-up. */
export interface AppConfig {
  port: number;
  /** Unset: the embedded PGlite database in `dataDir`. The owner's login: migrations run as it. */
  databaseUrl: string | null;
  /**
   * The logins the API's own connections use (database/database-roles.ts); null on the embedded
   * PGlite, which is one session for every connection (see docs/adr/0016-identity.md).
   */
  databaseLogins: DatabaseLogins | null;
  /** Seals the client secrets of single sign-on (sso/secret-box.ts). */
  ssoEncryptionKey: Buffer;
  /** Seals connected mailboxes' passwords (MAILBOX_ENCRYPTION_KEY, else derived from JWT_SECRET). */
  mailboxEncryptionKey: Buffer;
  /** MAILBOX_SYNC_DAYS: how far back a new mailbox's first sync reads (default 90). */
  mailboxSyncDays: number;
  /** MAILBOX_POLL_SECONDS: pause between two syncs of a mailbox (default 60). */
  mailboxPollSeconds: number;
  /**
   * Connections to the database. The embedded PGlite is one session behind a multiplexer that
   * mixes up concurrent extended-protocol messages ("bind message supplies …", "portal does not
   * exist"), so it gets one connection: queries queue in the pool, as they would inside PGlite.
   */
  databasePoolSize: number;
  dataDir: string;
  seedDemo: boolean;
  jwtSecret: string;
  /** Signs the links customers open to accept or decline a quote (QUOTE_LINK_SECRET, else derived from JWT_SECRET). */
  quoteLinkSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  cookieSecure: boolean;
  superAdminDomain: string;
  /** Anonymous API key the browser sends as `apikey` on me-access; public by design. */
  anonKey: string;
  /** Where built front ends live; the API serves them when present. */
  webRoot: string;
  /** A remote's manifest on another origin, per key (`REMOTE_<KEY>_URL`, e.g. REMOTE_CRM_URL). */
  remoteUrls: Record<string, string | null>;
  /** Largest release a deploy token may publish (REMOTE_RELEASE_MAX_MB), precompressed copies included. */
  remoteReleaseMaxMb: number;
  /** NODE_ENV=production, or a real DATABASE_URL: weak settings are refused. */
  production: boolean;
  /** NODE_ENV as given: development-only screens (the payment test) follow it, not `production`. */
  nodeEnv: string;
  /** Where people reach the app (links in e-mails, the origin cookie-authenticated writes must come from). */
  publicUrl: string;
  /** Origins allowed to send cookie-authenticated writes and to load the remotes: PUBLIC_URL's and ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** Fastify's trustProxy: which proxies' X-Forwarded-For is believed (per-IP limits depend on it). */
  trustProxy: boolean | string;
  rateLimits: RateLimitConfig;
  /** `test`: the built-in test provider (no money moves); null: plan changes are refused. */
  paymentProvider: 'test' | null;
  /** Serve the OpenAPI document and its UI at /api/docs. */
  apiDocs: boolean;
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
  /** SEQUENCE_DAILY_LIMIT: sequence e-mails per sender and day (UTC); past it a step waits for the next day. */
  sequenceDailyLimit: number;
  /** SEQUENCE_SWEEP_SECONDS: how often waits that have ended are looked for (crm/sequences). */
  sequenceSweepSeconds: number;
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>`; unset in production: 404. */
  metricsToken: string | null;
  /** TESSERA_INSTANCE: sent as X-Tessera-Instance on every response, to tell processes apart. */
  instanceName: string | null;
  /** LOG_LEVEL for the JSON log (info by default). */
  logLevel: string;
  /** The longest one SQL statement may run before PostgreSQL cancels it. */
  statementTimeoutMs: number;
  integrations: IntegrationsConfig;
}

/** API keys and webhooks (docs/api.md). */
export interface IntegrationsConfig {
  /** API_KEY_REQUESTS_PER_MINUTE: requests one key may make per minute, counted for every process. */
  apiKeyRequestsPerMinute: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE=1 (tests and development only; the server warns when it starts with it in
   * production): webhook URLs may be http and point at loopback or private addresses.
   */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_SECONDS: how long one delivery waits for its answer. */
  webhookTimeoutSeconds: number;
  /** WEBHOOK_RETRY_DELAY_SECONDS: the first pause before a retry; it doubles, up to an hour. */
  webhookRetryDelaySeconds: number;
  /**
   * WEBHOOK_RETRY_WINDOW_SECONDS: how long a delivery is retried before it is marked failed, and how
   * long an endpoint may fail before it is disabled (24 hours).
   */
  webhookRetryWindowSeconds: number;
}

function integrationsFrom(env: NodeJS.ProcessEnv): IntegrationsConfig {
  // Production builds under test (the e2e suite, the bench) need it too: the server warns at start instead.
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE === '1';
  return {
    apiKeyRequestsPerMinute: positiveNumber(env, 'API_KEY_REQUESTS_PER_MINUTE', 600),
    webhookAllowPrivate: allowPrivate,
    webhookTimeoutSeconds: positiveNumber(env, 'WEBHOOK_TIMEOUT_SECONDS', 10),
    webhookRetryDelaySeconds: positiveNumber(env, 'WEBHOOK_RETRY_DELAY_SECONDS', 30),
    webhookRetryWindowSeconds: positiveNumber(env, 'WEBHOOK_RETRY_WINDOW_SECONDS', 24 * 60 * 60),
  };
}

/** A setting the server refuses to start with; the message says what to change. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const MIN_JWT_SECRET_BYTES = 32;

const repoRoot = resolve(__dirname, '..', '..', '..', '..');

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigError(`${name} must be a positive number (got "${raw}")`);
  return value;
}

function originOf(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `${name} must be a full http(s) URL such as https://tessera.example.com (got "${raw}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
  return url.origin;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(url: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(url).hostname);
}

function trustProxyFrom(raw: string | undefined): boolean | string {
  const value = raw?.trim();
  // Only a proxy on this machine by default: trusting every X-Forwarded-For would let any client
  // pick the address the per-IP limits count.
  if (!value) return 'loopback';
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function jwtSecretFrom(env: NodeJS.ProcessEnv, production: boolean): string {
  const secret = env.JWT_SECRET;
  if (secret === undefined || secret === '') {
    if (production) {
      throw new ConfigError(
        `JWT_SECRET is not set. In production (NODE_ENV=production or DATABASE_URL set) the server needs a secret of at least ${MIN_JWT_SECRET_BYTES} bytes to sign sessions, the same for every process: e.g. JWT_SECRET=$(openssl rand -hex 32)`,
      );
    }
    // Development only: sessions end when the process restarts.
    return randomBytes(32).toString('hex');
  }
  if (production && Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(
      `JWT_SECRET is too short: ${Buffer.byteLength(secret, 'utf8')} bytes, production needs at least ${MIN_JWT_SECRET_BYTES} (e.g. JWT_SECRET=$(openssl rand -hex 32))`,
    );
  }
  return secret;
}

/** A setting read by a helper that throws: the operator gets its message as a ConfigError. */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const production = nodeEnv === 'production' || databaseUrl !== null;
  const port = Number(env.PORT ?? 3000);

  const explicitPublicUrl = env.PUBLIC_URL?.trim();
  const publicUrl = explicitPublicUrl
    ? originOf('PUBLIC_URL', explicitPublicUrl) + new URL(explicitPublicUrl).pathname.replace(/\/$/, '')
    : `http://localhost:${port}`;
  const allowedOrigins = new Set<string>([new URL(publicUrl).origin]);
  // Without PUBLIC_URL the app is being tried on this machine: any loopback spelling of it is its own.
  if (!explicitPublicUrl) {
    for (const host of ['127.0.0.1', '[::1]']) allowedOrigins.add(`http://${host}:${port}`);
  }
  for (const origin of (env.ALLOWED_ORIGINS ?? '').split(',')) {
    if (origin.trim()) allowedOrigins.add(originOf('ALLOWED_ORIGINS', origin.trim()));
  }

  const https = publicUrl.startsWith('https:');
  const cookieSecure =
    env.COOKIE_SECURE === '1'
      ? true
      : env.COOKIE_SECURE === '0'
        ? false
        : https || (production && !isLoopback(publicUrl));

  const provider = env.PAYMENT_PROVIDER?.trim() || null;
  if (provider !== null && provider !== 'test') {
    throw new ConfigError(`PAYMENT_PROVIDER must be "test" or unset (got "${provider}")`);
  }

  const jwtSecret = jwtSecretFrom(env, production);
  return {
    port,
    databaseUrl,
    databaseLogins: databaseUrl ? databaseLogins(databaseUrl, jwtSecret, env) : null,
    ssoEncryptionKey: checked(() => ssoEncryptionKey(env, jwtSecret)),
    mailboxEncryptionKey: checked(() => mailboxEncryptionKey(env, jwtSecret)),
    mailboxSyncDays: positiveNumber(env, 'MAILBOX_SYNC_DAYS', 90),
    mailboxPollSeconds: positiveNumber(env, 'MAILBOX_POLL_SECONDS', 60),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? (databaseUrl ? 10 : 1)),
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, '.data')),
    // Demo accounts have published passwords: only when asked for.
    seedDemo: env.SEED_DEMO === '1',
    jwtSecret,
    quoteLinkSecret: env.QUOTE_LINK_SECRET?.trim() || `${jwtSecret}:quote-links`,
    accessTokenTtlSeconds: positiveNumber(env, 'ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTokenTtlSeconds: positiveNumber(env, 'REFRESH_TOKEN_TTL_SECONDS', 60 * 60 * 24 * 30),
    cookieSecure,
    superAdminDomain: env.SUPER_ADMIN_DOMAIN ?? 'tessera.app',
    anonKey: env.TESSERA_ANON_KEY ?? 'tessera-anon-key',
    webRoot: resolve(env.WEB_ROOT ?? resolve(repoRoot, 'apps')),
    remoteUrls: Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => /^REMOTE_[A-Z0-9_]+_URL$/.test(name) && value)
        .map(([name, value]) => [name.slice(7, -4).toLowerCase().replace(/_/g, '-'), value ?? null]),
    ),
    remoteReleaseMaxMb: positiveNumber(env, 'REMOTE_RELEASE_MAX_MB', 25),
    production,
    nodeEnv,
    publicUrl,
    allowedOrigins: [...allowedOrigins],
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    rateLimits: {
      ipWindowSeconds: positiveNumber(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
      signInPerIp: positiveNumber(env, 'RATE_LIMIT_SIGN_IN', 100),
      signUpPerIp: positiveNumber(env, 'RATE_LIMIT_SIGN_UP', 20),
      passwordResetPerIp: positiveNumber(env, 'RATE_LIMIT_PASSWORD_RESET', 20),
      refreshPerIp: positiveNumber(env, 'RATE_LIMIT_REFRESH', 300),
      webFormPerIp: positiveNumber(env, 'RATE_LIMIT_WEB_FORM_PER_IP', 10),
      webFormPerForm: positiveNumber(env, 'RATE_LIMIT_WEB_FORM_PER_FORM', 100),
      accountFailures: positiveNumber(env, 'ACCOUNT_LOCKOUT_FAILURES', 10),
      accountRequests: positiveNumber(env, 'ACCOUNT_REQUESTS_PER_WINDOW', 5),
      accountWindowSeconds: positiveNumber(env, 'ACCOUNT_WINDOW_SECONDS', 900),
      mailToAddressPerHour: positiveNumber(env, 'MAIL_TO_ADDRESS_PER_HOUR', 3),
      invitationsPerInstitutionPerHour: positiveNumber(env, 'INVITATIONS_PER_INSTITUTION_PER_HOUR', 50),
      passwordResetsPerAddressPerHour: positiveNumber(env, 'PASSWORD_RESETS_PER_ADDRESS_PER_HOUR', 3),
      campaignTestsPerPersonPerHour: positiveNumber(env, 'CAMPAIGN_TESTS_PER_PERSON_PER_HOUR', 20),
    },
    paymentProvider: provider,
    apiDocs: production ? env.API_DOCS === '1' : env.API_DOCS !== '0',
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || 'Tessera <no-reply@tessera.localhost>',
    mailRetryLimit: Number(env.MAIL_RETRY_LIMIT ?? 8),
    mailRetryDelaySeconds: Number(env.MAIL_RETRY_DELAY_SECONDS ?? 30),
    runJobs: env.RUN_JOBS !== '0',
    jobHeartbeatSeconds: Math.max(10, Number(env.JOB_HEARTBEAT_SECONDS ?? 10)),
    jobMonitorSeconds: Math.max(1, Number(env.JOB_MONITOR_SECONDS ?? 10)),
    sequenceDailyLimit: positiveNumber(env, 'SEQUENCE_DAILY_LIMIT', SEQUENCE_DAILY_LIMIT_DEFAULT),
    sequenceSweepSeconds: positiveNumber(env, 'SEQUENCE_SWEEP_SECONDS', 60),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    instanceName: env.TESSERA_INSTANCE?.trim() || null,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    statementTimeoutMs: Number(env.DATABASE_STATEMENT_TIMEOUT_MS ?? 30_000),
    integrations: integrationsFrom(env),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
