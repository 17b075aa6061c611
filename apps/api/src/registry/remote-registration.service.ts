import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AuditEntry,
  type CreatedDeployToken,
  type DeployTokenSummary,
  REGISTRY_KEY_PATTERN,
  type RegisteredRemote,
  type RegisterRemoteInput,
  RESERVED_ROUTE_KEYS,
  remoteContainerName,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { type AuditActor, AuditLogService } from '../administration/audit-log.service';
import {
  ConflictError,
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
} from '../common/domain-errors';
import { ForbiddenError } from '../common/domain-errors';
import { type CredentialLifecycleRow, credentialLifecycle } from '../common/credential-lifecycle';
import { hashToken } from '../common/one-time-token';
import { updatedRows } from '../common/sql-rows';
import { ModuleCatalogue } from './module-catalogue.service';
import { RemoteReleasesService } from './remote-releases';

/** Registered modules come after the built-in ones, in the order they were registered. */
const REGISTERED_POSITION_BASE = 1000;
const TOKEN_PREFIX = 'tdt_';

interface TokenRow extends CredentialLifecycleRow {
  id: string;
  remote_key: string;
  name: string;
}

function toSummary(row: TokenRow): DeployTokenSummary {
  return {
    id: row.id,
    remote: row.remote_key,
    name: row.name,
    ...credentialLifecycle(row),
  };
}

/** Whether a key or module id may be taken: the reason it may not, or null. */
function keyProblem(what: 'key' | 'module id', value: string): string | null {
  if (!REGISTRY_KEY_PATTERN.test(value))
    return `${what} ${value} must be lower-case letters, digits and dashes, starting with a letter (2 to 40)`;
  if (RESERVED_ROUTE_KEYS.includes(value)) return `${what} ${value} is a built-in route`;
  return null;
}

/**
 * Super admins register remotes and their modules, and the deploy tokens module teams publish with
 * (docs/module-teams.md). A token is stored as its SHA-256 only and shown once; it publishes to its
 * own remote and nothing else.
 */
@Injectable()
export class RemoteRegistrationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: ModuleCatalogue,
    private readonly releases: RemoteReleasesService,
    private readonly audit: AuditLogService,
  ) {}

  async list(): Promise<RegisteredRemote[]> {
    await this.catalogue.reload();
    return Promise.all(
      this.catalogue.remotes().map(async (remote) => ({
        key: remote.key,
        name: remote.name,
        container: remote.container,
        built_in: remote.builtIn,
        modules: this.catalogue.modulesOf(remote.key),
        latest: await this.releases.latest(remote.key),
        created_at: remote.createdAt.toISOString(),
      })),
    );
  }

  async register(actor: AuditActor, input: RegisterRemoteInput): Promise<RegisteredRemote> {
    // Problems by field (`key`, `modules.0.id`, `modules.0.submodules.1.id`), as the validation pipe names them.
    const problems: Record<string, string[]> = {};
    const problem = (field: string, message: string | null) => {
      if (message) problems[field] = [...(problems[field] ?? []), message];
    };
    problem('key', keyProblem('key', input.key));
    const ids = input.modules.map((module) => module.id);
    input.modules.forEach((module, index) => {
      problem(`modules.${index}.id`, keyProblem('module id', module.id));
      if (ids.indexOf(module.id) !== index)
        problem(`modules.${index}.id`, `module id ${module.id} is given twice`);
      const subIds = module.submodules.map((sub) => sub.id);
      subIds.forEach((subId, subIndex) => {
        const field = `modules.${index}.submodules.${subIndex}.id`;
        if (!REGISTRY_KEY_PATTERN.test(subId))
          problem(
            field,
            `submodule id ${subId} of ${module.id} must be lower-case letters, digits and dashes`,
          );
        else if (subIds.indexOf(subId) !== subIndex)
          problem(field, `${module.id} names the submodule ${subId} twice`);
      });
    });
    const messages = Object.values(problems).flat();
    if (messages.length > 0) throw new InvalidInputError(messages[0] as string, problems);

    await this.catalogue.reload();
    if (this.catalogue.remote(input.key)) {
      const message = `A remote with the key ${input.key} is already registered`;
      throw new ConflictError(message, { key: [message] });
    }
    for (const [index, id] of ids.entries()) {
      const existing = this.catalogue.find(id);
      if (existing) {
        const message = `A module with the id ${id} already exists (${existing.name}, served by ${existing.remote})`;
        throw new ConflictError(message, { [`modules.${index}.id`]: [message] });
      }
    }
    const container = remoteContainerName(input.key);
    await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<unknown[]>(
        `INSERT INTO registry_remotes (key, name, container, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING key`,
        [input.key, input.name, container, actor.email],
      );
      if (inserted.length === 0)
        throw new ConflictError(
          `A remote with the key ${input.key} or the container ${container} is already registered`,
        );
      const [{ next }] = await manager.query<Array<{ next: number }>>(
        'SELECT GREATEST(COALESCE(max(position) + 1, 0), $1)::int AS next FROM registry_modules',
        [REGISTERED_POSITION_BASE],
      );
      for (const [index, module] of input.modules.entries()) {
        const added = await manager.query<unknown[]>(
          `INSERT INTO registry_modules (id, remote_key, name, description, category, premium, submodules, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            module.id,
            input.key,
            module.name,
            module.description ?? '',
            module.category,
            Boolean(module.premium),
            JSON.stringify(module.submodules.map(({ id, name }) => ({ id, name }))),
            next + index,
          ],
        );
        if (added.length === 0) throw new ConflictError(`A module with the id ${module.id} already exists`);
      }
      await this.audit.record(
        {
          institutionId: null,
          actor,
          action: 'remote.registered',
          target: input.key,
          details: { remote: input.key, modules: ids },
        },
        manager,
      );
    });
    await this.catalogue.reload();
    const registered = (await this.list()).find((remote) => remote.key === input.key);
    if (!registered) throw new NotFoundError(`The remote ${input.key}`);
    return registered;
  }

  private requireRemote(key: string): void {
    if (!this.catalogue.remote(key)) throw new NotFoundError(`The remote ${key}`);
  }

  async createToken(actor: AuditActor, key: string, name: string): Promise<CreatedDeployToken> {
    await this.catalogue.reload();
    this.requireRemote(key);
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.dataSource.transaction(async (manager) => {
      const [created] = await manager.query<TokenRow[]>(
        `INSERT INTO remote_deploy_tokens (remote_key, name, token_hash, created_by) VALUES ($1, $2, $3, $4)
           RETURNING id, remote_key, name, created_by, created_at, last_used_at, revoked_at`,
        [key, name, hashToken(token), actor.email],
      );
      await this.audit.record(
        {
          institutionId: null,
          actor,
          action: 'deploy_token.created',
          target: `${key}: ${name}`,
          details: { remote: key, token: name },
        },
        manager,
      );
      return created as TokenRow;
    });
    return { ...toSummary(row), token };
  }

  async tokens(key: string): Promise<DeployTokenSummary[]> {
    this.requireRemote(key);
    const rows = await this.dataSource.query<TokenRow[]>(
      `SELECT id, remote_key, name, created_by, created_at, last_used_at, revoked_at
           FROM remote_deploy_tokens WHERE remote_key = $1 ORDER BY created_at DESC`,
      [key],
    );
    return rows.map(toSummary);
  }

  async revokeToken(actor: AuditActor, key: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = updatedRows<TokenRow>(
        await manager.query(
          `UPDATE remote_deploy_tokens SET revoked_at = now()
            WHERE id = $1 AND remote_key = $2 AND revoked_at IS NULL
            RETURNING id, remote_key, name, created_by, created_at, last_used_at, revoked_at`,
          [id, key],
        ),
      );
      const row = rows[0];
      if (!row) throw new NotFoundError('An active deploy token of this remote');
      await this.audit.record(
        {
          institutionId: null,
          actor,
          action: 'deploy_token.revoked',
          target: `${key}: ${row.name}`,
          details: { remote: key, token: row.name },
        },
        manager,
      );
    });
  }

  /**
   * The name of the live token a publish to `key` carries. 401 for no token or an unknown or
   * revoked one; 403 for a token of another remote.
   */
  async authorisePublish(authorization: string | undefined, key: string): Promise<string> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token?.startsWith(TOKEN_PREFIX))
      throw new NotAuthenticatedError('Publishing needs Authorization: Bearer <deploy token>');
    const rows = updatedRows<{ remote_key: string; name: string }>(
      await this.dataSource.query(
        `UPDATE remote_deploy_tokens SET last_used_at = now()
            WHERE token_hash = $1 AND revoked_at IS NULL RETURNING remote_key, name`,
        [hashToken(token)],
      ),
    );
    const row = rows[0];
    if (!row) throw new NotAuthenticatedError('The deploy token is unknown or revoked');
    if (row.remote_key !== key)
      throw new ForbiddenError(`This deploy token publishes to ${row.remote_key} only, not to ${key}`);
    return `deploy token ${row.name}`;
  }

  /** Every publish, registration and token change of a remote, and every pin and rollback of it. */
  async auditOf(key: string): Promise<AuditEntry[]> {
    this.requireRemote(key);
    const rows = await this.dataSource.query<
      Array<{
        id: string;
        actor_email: string | null;
        action: AuditEntry['action'];
        target: string;
        details: Record<string, unknown>;
        created_at: Date;
      }>
    >(
      `SELECT id, actor_email, action, target, details, created_at FROM audit_log
          WHERE details->>'remote' = $1 AND (action LIKE 'remote.%' OR action LIKE 'deploy_token.%')
          ORDER BY created_at DESC LIMIT 200`,
      [key],
    );
    return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
  }
}
