import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { API_KEY_PREFIX, isSuperAdminEmail } from '@tessera/data-access/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { runAsSystem } from '../access/tenant-context';
import { hashToken } from '../common/one-time-token';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { NotAuthenticatedError, TooManyRequestsError, waitInWords } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const BEARER_KEY = /^Bearer\s+(tsk_\S+)$/i;
const WINDOW_SECONDS = 60;

/** The API key a request carries in `Authorization: Bearer tsk_…`, or null (a session, or nothing). */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const token = BEARER_KEY.exec(header)?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

interface KeyRow {
  id: string;
  institution_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  user_id: string;
  email: string;
  hits: number;
  reset_seconds: string | number;
}

/**
 * Authenticates a request made with an API key. One statement per request finds the live key,
 * counts the request in the key's one-minute window and records its use, so a revocation and the
 * rate limit hold at once on every process (docs/adr/0015-integrations.md). The key acts as the
 * person who made it: their current access is decided by the tenant scope guard, as for a session.
 */
@Injectable()
export class ApiKeyCredentials {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(secret: string, reply: FastifyReply): Promise<AuthenticatedUser> {
    const limit = this.config.integrations.apiKeyRequestsPerMinute;
    // Whose key it is is what establishes the tenant: the lookup reads api_keys as the system.
    const [rows] = (await runAsSystem('API key authentication', () =>
      this.dataSource.query(
        `UPDATE api_keys k SET
           window_hits = CASE WHEN k.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE k.window_hits + 1 END,
           window_started_at = CASE WHEN k.window_started_at <= now() - make_interval(secs => $2)
                                    THEN now() ELSE k.window_started_at END,
           last_used_at = now()
         FROM users u
         WHERE k.token_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
           AND u.id = k.created_by
         RETURNING k.id, k.institution_id, k.name, k.prefix, k.scopes, u.id AS user_id, u.email,
                   k.window_hits AS hits,
                   EXTRACT(EPOCH FROM (k.window_started_at + make_interval(secs => $2) - now())) AS reset_seconds`,
        [hashToken(secret), WINDOW_SECONDS],
      ),
    )) as [KeyRow[], number];
    const row = rows[0];
    if (!row) throw new NotAuthenticatedError('The API key is unknown, revoked or expired');

    const reset = Math.max(1, Math.ceil(Number(row.reset_seconds)));
    void reply.header('RateLimit-Limit', String(limit));
    void reply.header('RateLimit-Remaining', String(Math.max(0, limit - row.hits)));
    void reply.header('RateLimit-Reset', String(reset));
    if (row.hits > limit)
      throw new TooManyRequestsError(
        `This API key has made ${limit} requests this minute. Try again ${waitInWords(reset)}.`,
        reset,
      );
    return {
      id: row.user_id,
      email: row.email,
      isSuperAdmin: isSuperAdminEmail(row.email, this.config.superAdminDomain),
      apiKey: {
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        institutionId: row.institution_id,
        scopes: row.scopes,
      },
    };
  }
}
