import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuditAction, AuditEntry } from '@tessera/data-access/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { AuditEntryEntity } from './audit-entry.entity';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditRecord {
  institutionId: string | null;
  actor: AuditActor | null;
  /** Who acted when no user did (a deploy token's name). */
  actorName?: string;
  action: AuditAction;
  target: string;
  details?: Record<string, unknown>;
}

export const AUDIT_PAGE_LIMIT = 200;

export function toAuditEntry(row: AuditEntryEntity): AuditEntry {
  return {
    id: row.id,
    actor_email: row.actorEmail,
    action: row.action,
    target: row.target,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

/** Who did what, when: every administrative change writes one row, in the change's own transaction. */
@Injectable()
export class AuditLogService {
  constructor(@InjectRepository(AuditEntryEntity) private readonly entries: Repository<AuditEntryEntity>) {}

  async record(record: AuditRecord, manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(AuditEntryEntity) : this.entries;
    await repository.save(
      repository.create({
        institutionId: record.institutionId,
        actorId: record.actor?.id ?? null,
        actorEmail: record.actor?.email ?? record.actorName ?? null,
        action: record.action,
        target: record.target,
        details: record.details ?? {},
      }),
    );
  }

  async list(institutionId: string, limit = 100): Promise<AuditEntry[]> {
    const rows = await this.entries.find({
      where: { institutionId },
      order: { createdAt: 'DESC' },
      take: Math.min(Math.max(limit, 1), AUDIT_PAGE_LIMIT),
    });
    return rows.map(toAuditEntry);
  }
}
