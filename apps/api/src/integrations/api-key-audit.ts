import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { runAsSystem } from '../access/tenant-context';
import { AuditLogService } from '../administration/audit-log.service';
import { AsyncScopeSlot } from '../common/async-scope';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { apiKeyOf } from './api-key-credentials';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A write request made with a key, and whether its audit entry is written. */
interface KeyWrite {
  request: FastifyRequest & { user?: AuthenticatedUser };
  recorded: boolean;
}

const keyWrites = new AsyncScopeSlot<KeyWrite>();
const writeOfRequest = new WeakMap<FastifyRequest, KeyWrite>();

/**
 * Every change made with an API key is in its institution's audit log as that key
 * (docs/api.md#audit). The entry is written in the change's own transaction, just before it
 * commits, so the change and its entry commit (or vanish) together. A change made without a
 * transaction of its own (one autocommitted statement) gets its entry once it has answered.
 * Requests without a key pay one header check.
 */
@Injectable()
export class ApiKeyAudit implements OnModuleInit {
  private readonly logger = new Logger('ApiKeyAudit');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  onModuleInit(): void {
    const inTransaction: EntitySubscriberInterface = {
      beforeTransactionCommit: (event: TransactionCommitEvent) => {
        const write = keyWrites.get();
        // A savepoint's release is not the commit: the entry goes with the outermost transaction.
        const depth = (event.queryRunner as unknown as { transactionDepth: number }).transactionDepth;
        if (!write || write.recorded || depth !== 1 || !write.request.user?.apiKey) return;
        write.recorded = true;
        return this.record(write.request, event.manager);
      },
    };
    this.dataSource.subscribers.push(inTransaction);
  }

  register(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', (request, _reply, done) => {
      if (READ_METHODS.has(request.method) || !apiKeyOf(request)) return done();
      const write: KeyWrite = { request, recorded: false };
      writeOfRequest.set(request, write);
      keyWrites.run(write, done);
    });
    // A callback hook: a request that made no key write returns at once, without a promise.
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const write = writeOfRequest.get(request);
      if (!write || write.recorded || reply.statusCode >= 400 || !write.request.user?.apiKey) return done();
      this.recordAfterAnswer(write, reply.statusCode).then(() => done());
    });
  }

  /** A change that had no transaction of its own: its entry, once it has answered. Never fails. */
  private async recordAfterAnswer(write: KeyWrite, status: number): Promise<void> {
    try {
      // After the answer the request's tenant context is gone; the entry names its institution itself.
      await runAsSystem('API key audit entry', () => this.record(write.request, undefined, status));
    } catch (error) {
      this.logger.error(`Could not record an API key's change: ${(error as Error).message}`);
    }
  }

  private record(
    request: KeyWrite['request'],
    manager: EntityManager | undefined,
    status?: number,
  ): Promise<void> {
    const user = request.user as AuthenticatedUser;
    const key = user.apiKey as NonNullable<AuthenticatedUser['apiKey']>;
    return this.audit.record(
      {
        institutionId: key.institutionId,
        actor: null,
        actorName: `API key ${key.name} (${key.prefix}…)`,
        action: 'api_key.write',
        target: `${request.method} ${request.url.split('?')[0] ?? request.url}`,
        details: { api_key_id: key.id, made_by: user.email, ...(status ? { status } : {}) },
      },
      manager,
    );
  }
}
