import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_READ_SCOPE,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKeySummary,
  type CreateApiKeyInput,
  type CreatedApiKey,
  grantableApiKeyScopes,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { AccessService } from '../access/access.service';
import type { TenantScope } from '../access/tenant-scope';
import { actorOf, administeredInstitution } from '../administration/administration-rules';
import { AuditLogService } from '../administration/audit-log.service';
import { type CredentialLifecycleRow, credentialLifecycle } from '../common/credential-lifecycle';
import { hashToken } from '../common/one-time-token';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../common/domain-errors';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { isoOrNull, updatedRows } from '../common/sql-rows';

const SECRET_BYTES = 32;

interface ApiKeyRow extends CredentialLifecycleRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date | null;
}

const KEY_COLUMNS = `k.id, k.name, k.prefix, k.scopes, (SELECT email FROM users WHERE id = k.created_by) AS created_by,
  k.created_at, k.last_used_at, k.expires_at, k.revoked_at`;

// The columns are selected under the contract's names: only the timestamps need turning into strings.
function toSummary(row: ApiKeyRow): ApiKeySummary {
  return { ...row, expires_at: isoOrNull(row.expires_at), ...credentialLifecycle(row) };
}

/**
 * An institution's API keys (docs/api.md): made by its owners and admins, each within its maker's own
 * access, stored as a SHA-256 and shown once.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly catalogue: ModuleCatalogue,
    private readonly audit: AuditLogService,
  ) {}

  async create(scope: TenantScope, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const institutionId = administeredInstitution(scope);
    const scopes = [...new Set(input.scopes)];
    await this.requireGrantable(scope, institutionId, scopes);
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw new InvalidInputError('expires_at must be in the future', {
        expires_at: ['expires_at must be in the future'],
      });
    const secret = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
    const row = await this.dataSource.transaction(async (manager) => {
      const [created] = await manager.query<ApiKeyRow[]>(
        `INSERT INTO api_keys AS k (institution_id, name, prefix, token_hash, scopes, created_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${KEY_COLUMNS}`,
        [
          institutionId,
          input.name.trim(),
          secret.slice(0, API_KEY_SHOWN_LENGTH),
          hashToken(secret),
          scopes,
          scope.userId,
          expiresAt,
        ],
      );
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'api_key.created',
          target: input.name.trim(),
          details: { api_key_id: created?.id, scopes },
        },
        manager,
      );
      return created as ApiKeyRow;
    });
    return { ...toSummary(row), secret };
  }

  /** Every scope asked for must be one the maker holds now (docs/api.md#scopes). */
  private async requireGrantable(scope: TenantScope, institutionId: string, scopes: string[]): Promise<void> {
    const access = await this.access.institutionAccess(
      { id: scope.userId, email: scope.email, isSuperAdmin: scope.isSuperAdmin },
      institutionId,
    );
    const grantable = new Set(grantableApiKeyScopes(access?.accessControl ?? {}, true));
    const known = new Set([
      ADMIN_READ_SCOPE,
      ...this.catalogue.ids().flatMap((moduleId) => [`${moduleId}:read`, `${moduleId}:write`]),
    ]);
    const unknown = scopes.filter((entry) => !known.has(entry));
    if (unknown.length > 0) {
      const message = `Unknown scope ${unknown[0]}: scopes are <module>:read, <module>:write or ${ADMIN_READ_SCOPE}`;
      throw new InvalidInputError(message, { scopes: [message] });
    }
    const beyond = scopes.find((entry) => !grantable.has(entry));
    if (beyond)
      throw new ForbiddenError(
        `You cannot grant ${beyond}: a key never exceeds its maker’s access (or the module is not enabled)`,
      );
  }

  async list(scope: TenantScope): Promise<ApiKeySummary[]> {
    const rows = await this.dataSource.query<ApiKeyRow[]>(
      `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.institution_id = $1 ORDER BY k.created_at DESC`,
      [administeredInstitution(scope)],
    );
    return rows.map(toSummary);
  }

  /** Revoked at once: the next request with the key, on any process, finds no live row. */
  async revoke(scope: TenantScope, id: string): Promise<void> {
    const institutionId = administeredInstitution(scope);
    await this.dataSource.transaction(async (manager) => {
      const [row] = updatedRows<ApiKeyRow>(
        await manager.query(
          `UPDATE api_keys k SET revoked_at = now()
             WHERE k.id = $1 AND k.institution_id = $2 AND k.revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
          [id, institutionId],
        ),
      );
      if (!row) throw new NotFoundError('An active API key of this institution');
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'api_key.revoked',
          target: row.name,
          details: { api_key_id: row.id },
        },
        manager,
      );
    });
  }
}
