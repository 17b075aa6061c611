import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isSuperAdminEmail,
  type InstitutionRole,
  normaliseEmailDomain,
  SSO_CALLBACK_PATH,
  type SsoSettingsAnswer,
  type SsoSettingsInput,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import { actorOf } from '../administration/administration-rules';
import { AuditLogService } from '../administration/audit-log.service';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ProviderConfigurations } from './provider-configurations';
import { sealSecret } from '../common/secret-box';

interface SettingsRow {
  name: string;
  issuer_url: string;
  client_id: string;
  jit_enabled: boolean;
  jit_role: InstitutionRole;
  sso_only: boolean;
  domains: string[] | null;
}

/** What an institution's owners set up for single sign-on (docs/product/sign-in-and-sessions.md#single-sign-on). */
@Injectable()
export class SsoSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly providers: ProviderConfigurations,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  redirectUri(): string {
    return `${this.config.publicUrl}${SSO_CALLBACK_PATH}`;
  }

  async get(institutionId: string): Promise<SsoSettingsAnswer> {
    const rows: SettingsRow[] = await this.dataSource.query(
      `SELECT s.name, s.issuer_url, s.client_id, s.jit_enabled, s.jit_role, s.sso_only,
              (SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_domains d WHERE d.institution_id = s.institution_id) AS domains
       FROM institution_sso s WHERE s.institution_id = $1`,
      [institutionId],
    );
    const row = rows[0];
    const sso = row
      ? {
          name: row.name,
          issuer_url: row.issuer_url,
          client_id: row.client_id,
          has_client_secret: true,
          domains: row.domains ?? [],
          jit_enabled: row.jit_enabled,
          jit_role: row.jit_role,
          sso_only: row.sso_only,
        }
      : null;
    return { sso, redirect_uri: this.redirectUri() };
  }

  /**
   * Saves the provider after checking it answers its discovery document; the secret is sealed
   * before it is written and never answered. A super admin's domain is never claimable, and a
   * domain claimed by another institution is refused.
   */
  async save(scope: TenantScope, institutionId: string, input: SsoSettingsInput): Promise<SsoSettingsAnswer> {
    const domains = [...new Set(input.domains.map(normaliseEmailDomain))];
    const platform = domains.find((domain) => isSuperAdminEmail(`x@${domain}`, this.config.superAdminDomain));
    if (platform) {
      throw new InvalidInputError(`${platform} is the platform's own domain and cannot be claimed`, {
        domains: [`${platform} is the platform's own domain and cannot be claimed`],
      });
    }
    const taken: Array<{ domain: string }> = await this.dataSource.query(
      `SELECT d.domain FROM unnest($1::text[]) AS d(domain), LATERAL sso_for_domain(d.domain) AS f
       WHERE f.institution_id <> $2`,
      [domains, institutionId],
    );
    if (taken.length > 0) {
      throw new ConflictError(
        `${taken.map((row) => row.domain).join(', ')} is claimed by another institution`,
      );
    }
    const existing: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM institution_sso WHERE institution_id = $1',
      [institutionId],
    );
    if (existing.length === 0 && !input.client_secret) {
      throw new InvalidInputError('client_secret is required', {
        client_secret: ['client_secret is required'],
      });
    }
    const issuer = input.issuer_url.trim().replace(/\/$/, '');
    await this.providers.check(issuer, input.client_id.trim());
    const sealed = input.client_secret ? sealSecret(this.config.ssoEncryptionKey, input.client_secret) : null;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO institution_sso (institution_id, name, issuer_url, client_id, client_secret_encrypted,
                                      jit_enabled, jit_role, sso_only)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (institution_id) DO UPDATE SET name = EXCLUDED.name, issuer_url = EXCLUDED.issuer_url,
           client_id = EXCLUDED.client_id,
           client_secret_encrypted = CASE WHEN $9 THEN EXCLUDED.client_secret_encrypted
                                          ELSE institution_sso.client_secret_encrypted END,
           jit_enabled = EXCLUDED.jit_enabled, jit_role = EXCLUDED.jit_role, sso_only = EXCLUDED.sso_only,
           updated_at = now()`,
        [
          institutionId,
          input.name.trim(),
          issuer,
          input.client_id.trim(),
          sealed ?? '',
          input.jit_enabled,
          input.jit_role,
          input.sso_only,
          sealed !== null,
        ],
      );
      await manager.query('DELETE FROM sso_domains WHERE institution_id = $1', [institutionId]);
      await manager.query('INSERT INTO sso_domains (domain, institution_id) SELECT unnest($1::text[]), $2', [
        domains,
        institutionId,
      ]);
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'sso.configured',
          target: input.name.trim(),
          details: {
            issuer_url: issuer,
            client_id: input.client_id.trim(),
            domains,
            jit_enabled: input.jit_enabled,
            jit_role: input.jit_role,
            sso_only: input.sso_only,
            client_secret_changed: Boolean(input.client_secret),
          },
        },
        manager,
      );
    });
    this.providers.forget(institutionId);
    return this.get(institutionId);
  }

  async remove(scope: TenantScope, institutionId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [rows]: [Array<{ name: string }>, number] = await manager.query(
        'DELETE FROM institution_sso WHERE institution_id = $1 RETURNING name',
        [institutionId],
      );
      const removed = rows[0];
      if (!removed) throw new NotFoundError('Single sign-on');
      await this.audit.record(
        { institutionId, actor: actorOf(scope), action: 'sso.removed', target: removed.name },
        manager,
      );
    });
    this.providers.forget(institutionId);
  }
}
