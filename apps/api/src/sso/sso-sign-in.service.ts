import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { emailDomain, type InstitutionRole, type SsoDiscovery } from '@tessera/data-access/contracts';
import * as oidc from 'openid-client';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogService } from '../administration/audit-log.service';
import { InvitationEntity } from '../administration/invitation.entity';
import { InvitationsService } from '../administration/invitations.service';
import { AccessTokens } from '../auth/access-tokens';
import { AuthService, type IssuedSession } from '../auth/auth.service';
import type { ClientInfo } from '../common/client-info';
import { UserEntity } from '../auth/user.entity';
import { DomainError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ProviderConfigurations, type StoredProvider } from './provider-configurations';

const STATE_PURPOSE = 'sso';
/** Long enough to sign in at the provider (and find a phone for its own second factor). */
export const SSO_STATE_TTL_SECONDS = 10 * 60;

/** A refusal the person reads on the sign-in page. */
export class SsoRefusal extends DomainError {
  constructor(message: string) {
    super(401, message);
  }
}

interface ProviderRow {
  institution_id: string;
  institution_name: string;
  name: string;
  issuer_url: string;
  client_id: string;
  client_secret_encrypted: string;
  jit_enabled: boolean;
  jit_role: InstitutionRole;
  updated_at: Date;
}

export interface SsoStart {
  authorizationUrl: string;
  /** The signed note of state, nonce and PKCE verifier the browser carries to the callback. */
  stateToken: string;
}

/**
 * The authorization code flow with PKCE, state and nonce (openid-client validates the ID token:
 * issuer, audience, expiry, signature from the issuer's JWKS, nonce). The first sign-in of someone
 * the institution invited links their account; anyone else is refused unless just-in-time membership
 * is on. A provider's sign-in asks no two-factor code of ours: the provider is the second factor's
 * place then (docs/adr/0016-identity.md).
 */
@Injectable()
export class SsoSignInService {
  private readonly logger = new Logger(SsoSignInService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly providers: ProviderConfigurations,
    private readonly tokens: AccessTokens,
    private readonly auth: AuthService,
    private readonly invitations: InvitationsService,
    private readonly audit: AuditLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async discover(email: string): Promise<SsoDiscovery> {
    const rows: Array<{ name: string; sso_only: boolean }> = await this.dataSource.query(
      'SELECT name, sso_only FROM sso_for_domain($1)',
      [emailDomain(email)],
    );
    const found = rows[0];
    if (!found) return { sso: null };
    const start = `/api/auth/sso/start?email=${encodeURIComponent(email.trim().toLowerCase())}`;
    return { sso: { name: found.name, start_url: start, sso_only: found.sso_only } };
  }

  async start(email: string): Promise<SsoStart> {
    const provider = await this.providerForDomain(emailDomain(email));
    const config = await this.providers.of(this.stored(provider));
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: email.trim().toLowerCase(),
    });
    const stateToken = await this.tokens.signForPurpose(
      STATE_PURPOSE,
      { institution: provider.institution_id, state, nonce, verifier },
      SSO_STATE_TTL_SECONDS,
    );
    return { authorizationUrl: url.toString(), stateToken };
  }

  /** The provider sent the browser back: check everything, then open a session. */
  async complete(
    stateToken: string | undefined,
    callbackUrl: URL,
    client: ClientInfo,
  ): Promise<IssuedSession> {
    const note = this.tokens.verifyForPurpose(STATE_PURPOSE, stateToken);
    if (!note || typeof note.institution !== 'string') {
      throw new SsoRefusal('The sign-in took too long or was started in another browser. Try again.');
    }
    const provider = await this.providerOf(note.institution);
    const config = await this.providers.of(this.stored(provider));
    let claims: { sub: string; email?: unknown; email_verified?: unknown } | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: String(note.verifier),
        expectedState: String(note.state),
        expectedNonce: String(note.nonce),
        idTokenExpected: true,
      });
      claims = tokens.claims();
      // Many providers keep the address out of the ID token: then it comes from userinfo, for the same subject.
      if (claims && typeof claims.email !== 'string') {
        claims = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      }
    } catch (error) {
      this.logger.warn(`Single sign-on with ${provider.issuer_url} refused: ${(error as Error).message}`);
      throw new SsoRefusal(`${provider.name} did not confirm who you are. Try again.`);
    }
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!claims || !email || claims.email_verified === false) {
      throw new SsoRefusal(`${provider.name} did not give a verified e-mail address.`);
    }
    const claimed = await this.providerForDomain(emailDomain(email)).catch(() => null);
    if (claimed?.institution_id !== provider.institution_id) {
      throw new SsoRefusal(
        `${provider.institution_name} does not sign in addresses at ${emailDomain(email)}.`,
      );
    }
    const subject = claims.sub;
    return this.dataSource.transaction(async (manager) => {
      const user = await this.memberFor(manager, provider, subject, email);
      await manager.query(
        `INSERT INTO sso_identities (institution_id, subject, user_id) VALUES ($1, $2, $3)
         ON CONFLICT (institution_id, subject) DO NOTHING`,
        [provider.institution_id, subject, user.id],
      );
      await this.audit.record(
        {
          institutionId: provider.institution_id,
          actor: { id: user.id, email: user.email },
          action: 'sso.signed_in',
          target: email,
          details: { provider: provider.name, ip: client.ip },
        },
        manager,
      );
      return this.auth.startSession(user, manager, client, provider.institution_id);
    });
  }

  /**
   * The account a provider's identity signs in as: linked before, or a member with that address, or
   * someone invited (their invitation is accepted now), or — only with just-in-time membership — a
   * new member with the default role.
   */
  private async memberFor(
    manager: EntityManager,
    provider: ProviderRow,
    subject: string,
    email: string,
  ): Promise<UserEntity> {
    const users = manager.getRepository(UserEntity);
    const linked: Array<{ user_id: string }> = await manager.query(
      'SELECT user_id FROM sso_identities WHERE institution_id = $1 AND subject = $2',
      [provider.institution_id, subject],
    );
    const byLink = linked[0] ? await users.findOneBy({ id: linked[0].user_id }) : null;
    let user = byLink ?? (await users.findOneBy({ email }));
    const member = user
      ? await manager.query('SELECT 1 FROM institution_members WHERE institution_id = $1 AND user_id = $2', [
          provider.institution_id,
          user.id,
        ])
      : [];
    if (user && member.length > 0) return user;

    const invitation = await manager
      .getRepository(InvitationEntity)
      .createQueryBuilder('invitation')
      .where('invitation.institutionId = :institution AND invitation.email = :email', {
        institution: provider.institution_id,
        email,
      })
      .andWhere(
        'invitation.acceptedAt IS NULL AND invitation.revokedAt IS NULL AND invitation.expiresAt > now()',
      )
      .setLock('pessimistic_write')
      .getOne();
    if (!invitation && !provider.jit_enabled) {
      throw new SsoRefusal(
        `You are not a member of ${provider.institution_name}. Ask its administrators for an invitation.`,
      );
    }
    user ??= await users.save(
      users.create({ email, passwordHash: null, firstName: null, lastName: null, avatarUrl: null }),
    );
    if (invitation) {
      await this.invitations.accept(manager, invitation, user);
      return user;
    }
    await manager.query(
      'INSERT INTO institution_members (institution_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [provider.institution_id, user.id, provider.jit_role],
    );
    await this.audit.record(
      {
        institutionId: provider.institution_id,
        actor: { id: user.id, email },
        action: 'sso.member_joined',
        target: email,
        details: { role: provider.jit_role },
      },
      manager,
    );
    return user;
  }

  private redirectUri(): string {
    return `${this.config.publicUrl}/api/auth/sso/callback`;
  }

  private stored(row: ProviderRow): StoredProvider {
    return {
      institutionId: row.institution_id,
      issuerUrl: row.issuer_url,
      clientId: row.client_id,
      clientSecretEncrypted: row.client_secret_encrypted,
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  private async providerForDomain(domain: string): Promise<ProviderRow> {
    const rows: Array<{ institution_id: string }> = await this.dataSource.query(
      'SELECT institution_id FROM sso_for_domain($1)',
      [domain],
    );
    if (!rows[0]) throw new SsoRefusal('No institution signs in this address with single sign-on.');
    return this.providerOf(rows[0].institution_id);
  }

  private async providerOf(institutionId: string): Promise<ProviderRow> {
    const rows: ProviderRow[] = await this.dataSource.query(
      `SELECT s.institution_id, i.name AS institution_name, s.name, s.issuer_url, s.client_id,
              s.client_secret_encrypted, s.jit_enabled, s.jit_role, s.updated_at
       FROM institution_sso s JOIN institutions i ON i.id = s.institution_id WHERE s.institution_id = $1`,
      [institutionId],
    );
    if (!rows[0]) throw new SsoRefusal('Single sign-on is no longer set up for this institution.');
    return rows[0];
  }
}
