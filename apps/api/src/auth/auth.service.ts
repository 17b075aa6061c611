import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { type AuthUser, isSuperAdminEmail } from '@tessera/data-access/contracts';
import { hash, verify } from 'argon2';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { InvalidInputError, NotAuthenticatedError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ChangePasswordDto } from './dto/change-password.dto';
import type { UpdateProfileDto } from './dto/update-profile.dto';
import { hashToken } from './one-time-token';
import { RefreshTokenEntity } from './refresh-token.entity';
import { UserEntity } from './user.entity';

export interface IssuedSession {
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  user: AuthUser;
}

export interface AccessTokenPayload {
  sub: string;
  email: string;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

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
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signIn(email: string, password: string): Promise<IssuedSession> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
    // Verify against a fixed hash when the user is unknown, so timing does not reveal which e-mails exist.
    const passwordHash = user?.passwordHash ?? (await this.dummyHash());
    const valid = await verify(passwordHash, password).catch(() => false);
    if (!user?.passwordHash || !valid) throw new NotAuthenticatedError(INVALID_CREDENTIALS);
    return this.issueSession(user, randomUUID());
  }

  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new NotAuthenticatedError();
    const stored = await this.refreshTokens.findOne({ where: { tokenHash: hashToken(refreshToken) } });
    if (!stored) throw new NotAuthenticatedError();
    if (stored.revokedAt) {
      await this.refreshTokens.update(
        { familyId: stored.familyId, revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
      throw new NotAuthenticatedError();
    }
    if (stored.expiresAt.getTime() <= Date.now()) throw new NotAuthenticatedError();
    // Single use: the update only succeeds for the first concurrent caller.
    const result = await this.refreshTokens.update(
      { id: stored.id, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    if (!result.affected) throw new NotAuthenticatedError();
    const user = await this.users.findOneBy({ id: stored.userId });
    if (!user) throw new NotAuthenticatedError();
    return this.issueSession(user, stored.familyId);
  }

  async signOut(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.refreshTokens.findOne({ where: { tokenHash: hashToken(refreshToken) } });
    if (stored)
      await this.refreshTokens.update(
        { familyId: stored.familyId, revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
  }

  async verifyAccessToken(token: string): Promise<AuthenticatedUser | null> {
    try {
      const payload = await this.jwt.verifyAsync<AccessTokenPayload>(token);
      return { id: payload.sub, email: payload.email, isSuperAdmin: this.isSuperAdmin(payload.email) };
    } catch {
      return null;
    }
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

  async changePassword(userId: string, change: ChangePasswordDto): Promise<void> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :userId', { userId })
      .getOne();
    if (!user?.passwordHash) throw new NotAuthenticatedError();
    const valid = await verify(user.passwordHash, change.current_password).catch(() => false);
    if (!valid) {
      throw new InvalidInputError('Current password is incorrect', {
        current_password: ['Current password is incorrect'],
      });
    }
    await this.users.update({ id: userId }, { passwordHash: await hash(change.new_password) });
  }

  /** A new session for a user who just proved who they are another way (an invitation link). */
  startSession(user: UserEntity, manager?: EntityManager): Promise<IssuedSession> {
    return this.issueSession(user, randomUUID(), manager);
  }

  /** Ends every session of the user: no refresh token of theirs works any more. */
  async endAllSessions(userId: string, manager: EntityManager): Promise<void> {
    await manager
      .getRepository(RefreshTokenEntity)
      .update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  private async issueSession(
    user: UserEntity,
    familyId: string,
    manager?: EntityManager,
  ): Promise<IssuedSession> {
    const accessExpiresAt = new Date(Date.now() + this.config.accessTokenTtlSeconds * 1000);
    const payload: AccessTokenPayload = { sub: user.id, email: user.email };
    const accessToken = await this.jwt.signAsync(payload, { expiresIn: this.config.accessTokenTtlSeconds });
    const refreshToken = randomBytes(32).toString('base64url');
    await (manager ? manager.getRepository(RefreshTokenEntity) : this.refreshTokens).insert({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000),
      revokedAt: null,
    });
    return { accessToken, accessExpiresAt, refreshToken, user: toAuthUser(user) };
  }

  private dummyHashPromise: Promise<string> | null = null;

  private dummyHash(): Promise<string> {
    this.dummyHashPromise ??= hash(randomBytes(16).toString('hex'));
    return this.dummyHashPromise;
  }
}
