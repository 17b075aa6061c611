import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthSessionSummary } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ClientInfo } from '../common/client-info';
import { deviceOf } from '../common/client-info';
import { type RevokedSession, SessionRevocations } from './session-revocations';

interface SessionRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
}

/**
 * The sessions a person can see and end (docs/product/sign-in-and-sessions.md). A session is a
 * refresh-token family; ending one revokes it everywhere at once (SessionRevocations: memory,
 * table, NOTIFY), then its refresh tokens, then marks its row ended — the order refresh() relies on.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly revocations: SessionRevocations,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records a session as it opens (sign-in) or is used (refresh); sessions from before this table appear on their next refresh. */
  /**
   * Opens the session's row or marks it used; answers the institution whose single sign-on opened
   * it (set when the session starts, never changed by a refresh), for its access tokens to carry.
   */
  async touch(
    userId: string,
    sessionId: string,
    client: ClientInfo | undefined,
    manager?: EntityManager,
    ssoInstitutionId: string | null = null,
  ): Promise<string | null> {
    const runner = manager ?? this.dataSource.manager;
    const expiresAt = new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000);
    const rows: Array<{ sso_institution_id: string | null }> = await runner.query(
      `INSERT INTO auth_sessions (id, user_id, user_agent, ip, expires_at, sso_institution_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET last_used_at = now(), expires_at = EXCLUDED.expires_at,
         ip = COALESCE(EXCLUDED.ip, auth_sessions.ip), user_agent = COALESCE(EXCLUDED.user_agent, auth_sessions.user_agent)
       RETURNING sso_institution_id`,
      [sessionId, userId, client?.userAgent ?? null, client?.ip ?? null, expiresAt, ssoInstitutionId],
    );
    return rows[0]?.sso_institution_id ?? null;
  }

  async list(userId: string, currentSessionId: string | undefined): Promise<AuthSessionSummary[]> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT id, user_agent, ip, created_at, last_used_at FROM auth_sessions
       WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
       ORDER BY last_used_at DESC`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.user_agent),
      ip: row.ip,
      created_at: new Date(row.created_at).toISOString(),
      last_used_at: new Date(row.last_used_at).toISOString(),
      current: row.id === currentSessionId,
    }));
  }

  /** One open session of the user; 404 for anyone else's or one already over. */
  async endOne(userId: string, sessionId: string): Promise<SessionRow> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT id, user_agent, ip, created_at, last_used_at FROM auth_sessions
       WHERE id = $1 AND user_id = $2 AND ended_at IS NULL AND expires_at > now()`,
      [sessionId, userId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('Session');
    await this.end([{ sessionId, userId }]);
    return row;
  }

  /** Every open session of the user but `keep` (none kept when it is undefined). Answers how many ended. */
  async endAllOf(userId: string, keep?: string): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM auth_sessions WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
         AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keep ?? null],
    );
    // Families still holding live refresh tokens without a row (opened before rows were kept) end too.
    const families: Array<{ family_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL
         AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
      [userId, keep ?? null],
    );
    const ids = new Set([...rows.map((row) => row.id), ...families.map((row) => row.family_id)]);
    await this.end([...ids].map((sessionId) => ({ sessionId, userId })));
    return rows.length;
  }

  /** Revocation first, then the tokens, then the rows: see AuthService.refresh for why the order matters. */
  async end(sessions: readonly RevokedSession[], manager?: EntityManager): Promise<void> {
    if (sessions.length === 0) return;
    const runner = manager ?? this.dataSource.manager;
    await this.revocations.revoke(sessions, manager);
    const ids = sessions.map((session) => session.sessionId);
    await runner.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = ANY($1::uuid[]) AND revoked_at IS NULL',
      [ids],
    );
    await runner.query(
      'UPDATE auth_sessions SET ended_at = now() WHERE id = ANY($1::uuid[]) AND ended_at IS NULL',
      [ids],
    );
  }

  /** After a password change or reset has revoked every family itself: the rows say so too. */
  async markAllEnded(userId: string, manager?: EntityManager, keep?: string): Promise<void> {
    await (manager ?? this.dataSource.manager).query(
      `UPDATE auth_sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL
         AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keep ?? null],
    );
  }
}
