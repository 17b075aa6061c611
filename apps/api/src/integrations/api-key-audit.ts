import { Injectable, Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runAsSystem } from '../access/tenant-context';
import { AuditLogService } from '../administration/audit-log.service';
import type { AuthenticatedUser } from '../common/authenticated-user';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every change made with an API key is in its institution's audit log as that key
 * (docs/api.md#audit): written once the change has answered, with the route, the status and the
 * key's maker.
 */
@Injectable()
export class ApiKeyAudit {
  private readonly logger = new Logger('ApiKeyAudit');

  constructor(private readonly audit: AuditLogService) {}

  register(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const user = (request as FastifyRequest & { user?: AuthenticatedUser }).user;
      const key = user?.apiKey;
      if (!key || READ_METHODS.has(request.method) || reply.statusCode >= 400) return;
      const path = request.url.split('?')[0] ?? request.url;
      try {
        // After the answer the request's tenant context is gone; the entry names its institution itself.
        await runAsSystem('API key audit entry', () =>
          this.audit.record({
            institutionId: key.institutionId,
            actor: null,
            actorName: `API key ${key.name} (${key.prefix}…)`,
            action: 'api_key.write',
            target: `${request.method} ${path}`,
            details: { api_key_id: key.id, made_by: user.email, status: reply.statusCode },
          }),
        );
      } catch (error) {
        this.logger.error(`Could not record an API key's change: ${(error as Error).message}`);
      }
    });
  }
}
