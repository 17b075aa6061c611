import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { inScope, ownership, scopeSql } from '../../access/scoped-query';
import type { CreateSegmentDto, UpdateSegmentDto } from './dto/segment.dto';
import { SegmentEntity } from './segment.entity';

export type SegmentWithLiveCount = SegmentEntity & { live_count: number };

function checkRange(criteria: CreateSegmentDto['criteria']): void {
  if (
    criteria?.min_score !== undefined &&
    criteria.max_score !== undefined &&
    criteria.min_score > criteria.max_score
  )
    throw new InvalidInputError('min_score must not exceed max_score', {
      'criteria.min_score': ['min_score must not exceed max_score'],
    });
}

@Injectable()
export class SegmentsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query(scope: TenantScope) {
    return inScope(this.dataSource.manager.createQueryBuilder(SegmentEntity, 'segment'), scope);
  }

  /** Segments with their stored baseline and the live count of matching leads in scope. */
  async list(scope: TenantScope): Promise<SegmentWithLiveCount[]> {
    const segments = await this.query(scope)
      .orderBy('segment.created_at', 'ASC')
      .addOrderBy('segment.id')
      .getMany();
    return this.withLiveCounts(scope, segments);
  }

  async get(scope: TenantScope, id: string): Promise<SegmentWithLiveCount> {
    const segment = await this.query(scope).andWhere('segment.id = :id', { id }).getOne();
    if (!segment) throw new NotFoundError('Segment');
    const [withCount] = await this.withLiveCounts(scope, [segment]);
    return withCount as SegmentWithLiveCount;
  }

  /**
   * Live counts in one pass over the scope's leads, however many segments: the leads are grouped
   * by the three things criteria look at, and each segment sums the groups it matches.
   */
  private async withLiveCounts(
    scope: TenantScope,
    segments: SegmentEntity[],
  ): Promise<SegmentWithLiveCount[]> {
    if (segments.length === 0) return [];
    const leads = scopeSql(scope, 'l', 1);
    const groups: Array<{ lead_score: number; stage: string; lead_source: string | null; n: string }> =
      await this.dataSource.query(
        `SELECT l.lead_score, l.stage, l.lead_source, count(*) AS n
           FROM crm_leads l WHERE ${leads.sql}
          GROUP BY 1, 2, 3`,
        leads.params,
      );
    return segments.map((segment) => {
      const { min_score, max_score, stage, lead_source } = segment.criteria ?? {};
      const live_count = groups
        .filter(
          (group) =>
            (min_score === undefined || min_score === null || group.lead_score >= min_score) &&
            (max_score === undefined || max_score === null || group.lead_score <= max_score) &&
            (!stage || group.stage === stage) &&
            (!lead_source || group.lead_source === lead_source),
        )
        .reduce((sum, group) => sum + Number(group.n), 0);
      return { ...segment, live_count };
    });
  }

  async create(scope: TenantScope, input: CreateSegmentDto): Promise<SegmentWithLiveCount> {
    checkRange(input.criteria);
    const repository = this.dataSource.getRepository(SegmentEntity);
    const saved = await repository.save(
      repository.create({
        ...ownership(scope),
        name: input.name.trim(),
        description: input.description ?? null,
        criteria: { ...(input.criteria ?? {}) },
        lead_count: input.lead_count ?? 0,
        colour: input.colour ?? 'blue',
      }),
    );
    return this.get(scope, saved.id);
  }

  async update(scope: TenantScope, id: string, changes: UpdateSegmentDto): Promise<SegmentWithLiveCount> {
    checkRange(changes.criteria);
    const { live_count: _live, ...segment } = await this.get(scope, id);
    if (changes.name !== undefined) segment.name = changes.name.trim();
    if (changes.description !== undefined) segment.description = changes.description;
    if (changes.criteria !== undefined) segment.criteria = { ...changes.criteria };
    if (changes.lead_count !== undefined) segment.lead_count = changes.lead_count;
    if (changes.colour !== undefined) segment.colour = changes.colour;
    await this.dataSource.getRepository(SegmentEntity).save(segment);
    return this.get(scope, id);
  }

  async remove(scope: TenantScope, id: string): Promise<void> {
    const segment = await this.get(scope, id);
    await this.dataSource.getRepository(SegmentEntity).delete({ id: segment.id });
  }
}
