import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isJobSettled, type LeadScoreRun } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';
import { JobQueue } from '../../jobs/job-queue.service';
import { LeadScoreRunEntity } from './lead-score-run.entity';

export const LEAD_SCORES_JOB = 'crm.lead-scores';

/** The scope a run scores, as the table's `scope_key` spells it. */
function scopeKey(scope: Pick<TenantScope, 'institutionId' | 'userId'>): string {
  return scope.institutionId ? `org:${scope.institutionId}` : `owner:${scope.userId}`;
}

function toRun(entity: LeadScoreRunEntity): LeadScoreRun {
  return {
    id: entity.id,
    status: entity.status,
    failure: entity.failure,
    updated: entity.updatedCount,
    created_at: entity.createdAt.toISOString(),
    finished_at: entity.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Refresh Scores over a whole scope as a job (docs/product/lead-scoring.md): the request answers at
 * once with the run, the job runs the set-based recalculate_lead_scores and records how many leads
 * it scored. One run per scope at a time: a second click while one is under way gets that one.
 */
@Injectable()
export class LeadScoreRunsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ runId: string }>({
      name: LEAD_SCORES_JOB,
      handler: (data) => this.run(data.runId),
      // Never two recalculations of one scope at once, even when a run is retried.
      queue: {
        policy: 'singleton',
        retryLimit: 3,
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds: 10 * 60,
      },
      onFailure: (data, reason) => this.fail(data.runId, reason),
    });
  }

  async start(scope: TenantScope): Promise<LeadScoreRun> {
    const run = await this.dataSource.transaction(async (manager) => {
      // Racing clicks: the unique index on the scope's active run lets one insert through; the
      // other finds that run once it is committed.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const inserted: Array<{ id: string }> = await manager.query(
          `INSERT INTO crm_lead_score_runs (org_id, requested_by) VALUES ($1, $2)
           ON CONFLICT (scope_key) WHERE status IN ('pending', 'running') DO NOTHING
           RETURNING id`,
          [scope.institutionId, scope.userId],
        );
        if (inserted[0]) {
          await this.jobs.send(
            LEAD_SCORES_JOB,
            { runId: inserted[0].id },
            { manager, singletonKey: scopeKey(scope) },
          );
          return { entity: await this.find(scope, inserted[0].id, manager), created: true };
        }
        const active = await this.inScope(scope, manager)
          .andWhere(`run.status IN ('pending', 'running')`)
          .getOne();
        if (active) return { entity: active, created: false };
      }
      throw new Error('Could not start a score refresh');
    });
    if (run.created) this.jobs.wake(LEAD_SCORES_JOB);
    return toRun(run.entity);
  }

  async get(scope: TenantScope, id: string): Promise<LeadScoreRun> {
    return toRun(await this.find(scope, id));
  }

  private inScope(scope: Pick<TenantScope, 'institutionId' | 'userId'>, manager: EntityManager) {
    const query = manager.getRepository(LeadScoreRunEntity).createQueryBuilder('run');
    return scope.institutionId
      ? query.where('run.org_id = :orgId', { orgId: scope.institutionId })
      : query.where('run.org_id IS NULL AND run.requested_by = :userId', { userId: scope.userId });
  }

  private async find(
    scope: Pick<TenantScope, 'institutionId' | 'userId'>,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<LeadScoreRunEntity> {
    const entity = await this.inScope(scope, manager).andWhere('run.id = :id', { id }).getOne();
    if (!entity) throw new NotFoundError('Score refresh');
    return entity;
  }

  /** Idempotent: the recalculation gives the same scores however often it runs. */
  private async run(runId: string): Promise<void> {
    const runs = this.dataSource.getRepository(LeadScoreRunEntity);
    const run = await runs.findOneBy({ id: runId });
    if (!run || isJobSettled(run.status)) return;
    await runs.update({ id: runId }, { status: 'running', startedAt: run.startedAt ?? new Date() });
    await this.dataSource.transaction(async (manager) => {
      const [row]: Array<{ updated: number }> = await manager.query(
        'SELECT recalculate_lead_scores($1, $2) AS updated',
        [run.orgId, run.requestedBy],
      );
      await manager
        .getRepository(LeadScoreRunEntity)
        .update(
          { id: runId },
          { status: 'completed', updatedCount: Number(row?.updated ?? 0), finishedAt: new Date() },
        );
    });
  }

  private async fail(runId: string, reason: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(LeadScoreRunEntity)
      .set({ status: 'failed', failure: reason, finishedAt: () => 'now()' })
      .where(`id = :id AND status IN ('pending', 'running')`, { id: runId })
      .execute();
  }
}
