import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type AuthUser, isSuperAdminEmail } from '@tessera/data-access/contracts';
import { hash, verify } from 'argon2';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import { InvalidInputError, NotAuthenticatedError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type AccessTokenPayload, AccessTokens } from './access-tokens';
import { TooManyRequestsError, waitInWords } from '../common/domain-errors';
import { AccountThrottle } from './account-throttle';
import type { ChangePasswordDto } from './dto/change-password.dto';
import type { UpdateProfileDto } from './dto/update-profile.dto';
import { hashToken } from '../common/one-time-token';
import type { ClientInfo } from '../common/client-info';
import { RefreshTokenEntity } from './refresh-token.entity';
import { type RevokedSession, SessionRevocations } from './session-revocations';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor.service';
import { UserEntity } from './user.entity';
import { emailDomain, ssoOnlyMessage, type TwoFactorSignIn } from '@tessera/data-access/contracts';

export interface IssuedSession {
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  user: AuthUser;
}

/** A correct password for an account with two-factor on: the code step comes next, no session yet. */
export interface PendingTwoFactor {
  pendingToken: string;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_CODE = 'Invalid or already used code';

/** One counter per address for sign-in and the current-password check: the same secret is guessed. */
function passwordAttemptsKey(email: string): string {
  return `password:${email.trim().toLowerCase()}`;
}

export function toAuthUser(user: UserEntity): AuthUser {
  return {
    id: user.id,
    email: user.email,
    user_metadata: { first_name: user.firstName, last_name: user.lastName, avatar_url: user.avatarUrl },
  };
}

/**
 * Sessions: a short-lived JWT access token and a rotating, single-use refresh token stored as a
 * hash. Reusing a refresh token that was already rotated revokes its whole family (theft signal).
 */
@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(RefreshTokenEntity) private readonly refreshTokens: Repository<RefreshTokenEntity>,
    private readonly tokens: AccessTokens,
    private readonly revocations: SessionRevocations,
    private readonly throttle: AccountThrottle,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signIn(
    email: string,
    password: string,
    client?: ClientInfo,
  ): Promise<IssuedSession | PendingTwoFactor> {
    const attempts = passwordAttemptsKey(email);
    await this.countPasswordAttempt(attempts);
    await this.refuseIfSsoOnly(email);
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
    // Verify against a fixed hash when the user is unknown, so timing does not reveal which e-mails exist.
    const passwordHash = user?.passwordHash ?? (await this.dummyHash());
    const valid = await verify(passwordHash, password).catch(() => false);
    if (!user?.passwordHash || !valid) throw new NotAuthenticatedError(INVALID_CREDENTIALS);
    await this.throttle.clear(attempts);
    if (await this.twoFactor.isEnabled(user.id)) {
      return { pendingToken: await this.tokens.signPendingSignIn(user.id) };
    }
    return this.issueSession(user, randomUUID(), undefined, client);
  }

  /**
   * An address of a domain whose institution made single sign-on the only way in gets no password
   * check at all: it is told where to sign in (the sign-in page offers the same, docs/product).
   */
  private async refuseIfSsoOnly(email: string): Promise<void> {
    const rows: Array<{ name: string; sso_only: boolean }> = await this.users.query(
      'SELECT name, sso_only FROM sso_for_domain($1)',
      [emailDomain(email)],
    );
    if (rows[0]?.sso_only) throw new NotAuthenticatedError(ssoOnlyMessage(rows[0].name));
  }

  /** The code step of a sign-in whose password was checked (the pending token says whose). */
  async completeTwoFactor(
    pendingToken: string | undefined,
    answer: TwoFactorSignIn,
    client?: ClientInfo,
  ): Promise<IssuedSession> {
    const userId = this.tokens.verifyPendingSignIn(pendingToken);
    if (!userId) throw new NotAuthenticatedError('Sign in with your password first');
    const verdict = await this.twoFactor.verify(userId, answer);
    if (verdict !== 'accepted') throw new NotAuthenticatedError(INVALID_CODE);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotAuthenticatedError();
    return this.issueSession(user, randomUUID(), undefined, client);
  }

  /**
   * Rotation, with the order chosen so that a sign-out or password change running at the same
   * moment cannot leave the new token alive: the new token is written first, then the session
   * and the user are checked; a revocation that lands later finds the new token and revokes it.
   */
  async refresh(refreshToken: string | undefined, client?: ClientInfo): Promise<IssuedSession> {
    if (!refreshToken) throw new NotAuthenticatedError();
    const stored = await this.refreshTokens.findOne({ where: { tokenHash: hashToken(refreshToken) } });
    if (!stored) throw new NotAuthenticatedError();
    if (stored.revokedAt) {
      // A rotated token came back: whoever holds the family is not to be trusted.
      await this.endFamilies([{ sessionId: stored.familyId, userId: stored.userId }]);
      throw new NotAuthenticatedError();
    }
    if (stored.expiresAt.getTime() <= Date.now()) throw new NotAuthenticatedError();
    // Single use: the update only succeeds for the first concurrent caller.
    const result = await this.refreshTokens.update(
      { id: stored.id, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    if (!result.affected) throw new NotAuthenticatedError();
    const next = await this.insertRefreshToken(stored.userId, stored.familyId);
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.sessionsRevokedAt')
      .where('user.id = :id', { id: stored.userId })
      .getOne();
    const revoked: unknown[] = await this.refreshTokens.query(
      'SELECT 1 FROM revoked_sessions WHERE session_id = $1',
      [stored.familyId],
    );
    const cutOff = user?.sessionsRevokedAt && stored.createdAt.getTime() <= user.sessionsRevokedAt.getTime();
    if (!user || revoked.length > 0 || cutOff) {
      await this.refreshTokens.update({ id: next.id }, { revokedAt: new Date() });
      throw new NotAuthenticatedError();
    }
    const ssoInstitutionId = await this.sessions.touch(user.id, stored.familyId, client);
    return this.sessionFor(user, stored.familyId, next.token, ssoInstitutionId);
  }

  /**
   * Ends the session of the refresh cookie and of the access token, whichever the client still
   * has: the refresh tokens are revoked and the access token is refused from the next request on.
   */
  async signOut(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
    const sessions: RevokedSession[] = [];
    if (refreshToken) {
      const stored = await this.refreshTokens.findOne({ where: { tokenHash: hashToken(refreshToken) } });
      if (stored) sessions.push({ sessionId: stored.familyId, userId: stored.userId });
    }
    const payload = accessToken ? this.tokens.verify(accessToken) : null;
    if (payload && !sessions.some((session) => session.sessionId === payload.sid)) {
      sessions.push({ sessionId: payload.sid, userId: payload.sub });
    }
    await this.endFamilies(sessions);
  }

  isSuperAdmin(email: string): boolean {
    return isSuperAdminEmail(email, this.config.superAdminDomain);
  }

  async getUser(userId: string): Promise<AuthUser> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotAuthenticatedError();
    return toAuthUser(user);
  }

  async updateProfile(userId: string, changes: UpdateProfileDto): Promise<AuthUser> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotAuthenticatedError();
    if (changes.first_name !== undefined) user.firstName = changes.first_name.trim() || null;
    if (changes.last_name !== undefined) user.lastName = changes.last_name.trim() || null;
    if (changes.avatar_url !== undefined) user.avatarUrl = changes.avatar_url || null;
    return toAuthUser(await this.users.save(user));
  }

  /**
   * Every session of the user ends (refresh tokens revoked, access tokens refused at once) and the
   * caller gets a fresh one. Plain statements in this order, not one transaction: the cut-off must
   * be visible before the tokens are revoked, so a refresh racing with it is caught either way.
   */
  async changePassword(
    userId: string,
    change: ChangePasswordDto,
    client?: ClientInfo,
  ): Promise<IssuedSession> {
    const user = await this.checkCurrentPassword(userId, change.current_password, 'current_password');
    await this.users.update(
      { id: userId },
      { passwordHash: await hash(change.new_password), sessionsRevokedAt: new Date() },
    );
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [families]: [Array<{ family_id: string }>, number] = await this.refreshTokens.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL
       RETURNING family_id`,
      [userId],
    );
    await this.revocations.revoke(
      [...new Set(families.map((row) => row.family_id))].map((sessionId) => ({ sessionId, userId })),
    );
    await this.sessions.markAllEnded(userId);
    return this.issueSession(user, randomUUID(), undefined, client);
  }

  /**
   * The signed-in user's password, checked as sign-in checks it (same per-account counter): for a
   * password change and for turning two-factor off. A wrong one is a 400 on `field`.
   */
  async checkCurrentPassword(userId: string, password: string, field: string): Promise<UserEntity> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :userId', { userId })
      .getOne();
    if (!user?.passwordHash) throw new NotAuthenticatedError();
    const attempts = passwordAttemptsKey(user.email);
    await this.countPasswordAttempt(attempts);
    const valid = await verify(user.passwordHash, password).catch(() => false);
    if (!valid) {
      throw new InvalidInputError('Current password is incorrect', {
        [field]: ['Current password is incorrect'],
      });
    }
    await this.throttle.clear(attempts);
    return user;
  }

  /**
   * A new session for a user who just proved who they are another way (an invitation link).
   * Two-factor is not asked here: the link is a new member's first sign-in, or an existing
   * account's after its password (and code) were checked on the link's page.
   */
  startSession(
    user: UserEntity,
    manager?: EntityManager,
    client?: ClientInfo,
    ssoInstitutionId: string | null = null,
  ): Promise<IssuedSession> {
    return this.issueSession(user, randomUUID(), manager, client, ssoInstitutionId);
  }

  /**
   * Ends every session of the user inside the caller's transaction (a password reset): refresh
   * tokens revoked, access tokens refused from the next request on, in every process.
   */
  async endAllSessions(userId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(UserEntity).update({ id: userId }, { sessionsRevokedAt: new Date() });
    const [families]: [Array<{ family_id: string }>, number] = await manager.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL
       RETURNING family_id`,
      [userId],
    );
    await this.revocations.revoke(
      [...new Set(families.map((row) => row.family_id))].map((sessionId) => ({ sessionId, userId })),
      manager,
    );
    await this.sessions.markAllEnded(userId, manager);
  }

  /** Refused with 429 and the wait once the account has had its run of wrong passwords. */
  private async countPasswordAttempt(key: string): Promise<void> {
    const { accountFailures, accountWindowSeconds } = this.config.rateLimits;
    const verdict = await this.throttle.hit(key, accountFailures, accountWindowSeconds);
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `Too many wrong passwords for this account. Try again ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      );
    }
  }

  /** Revocation first, then the tokens: see refresh() for why the order matters. */
  private endFamilies(sessions: RevokedSession[]): Promise<void> {
    return this.sessions.end(sessions);
  }

  private async insertRefreshToken(
    userId: string,
    familyId: string,
    manager?: EntityManager,
  ): Promise<{ id: string; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const repository = manager ? manager.getRepository(RefreshTokenEntity) : this.refreshTokens;
    const inserted = await repository.insert({
      userId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000),
      revokedAt: null,
    });
    return { id: String(inserted.identifiers[0]?.id), token };
  }

  private async issueSession(
    user: UserEntity,
    familyId: string,
    manager?: EntityManager,
    client?: ClientInfo,
    ssoInstitutionId: string | null = null,
  ): Promise<IssuedSession> {
    const { token } = await this.insertRefreshToken(user.id, familyId, manager);
    await this.sessions.touch(user.id, familyId, client, manager, ssoInstitutionId);
    return this.sessionFor(user, familyId, token, ssoInstitutionId);
  }

  private async sessionFor(
    user: UserEntity,
    familyId: string,
    refreshToken: string,
    ssoInstitutionId: string | null = null,
  ): Promise<IssuedSession> {
    const accessExpiresAt = new Date(Date.now() + this.config.accessTokenTtlSeconds * 1000);
    // How the session was opened rides in the token: the tenant guard decides on it without a query.
    const payload: AccessTokenPayload = {
      sub: user.id,
      email: user.email,
      sid: familyId,
      ...(ssoInstitutionId ? { sso: ssoInstitutionId } : {}),
    };
    const accessToken = await this.tokens.sign(payload);
    return { accessToken, accessExpiresAt, refreshToken, user: toAuthUser(user) };
  }

  private dummyHashPromise: Promise<string> | null = null;

  private dummyHash(): Promise<string> {
    this.dummyHashPromise ??= hash(randomBytes(16).toString('hex'));
    return this.dummyHashPromise;
  }
}
