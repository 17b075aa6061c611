import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { inScope, ownership, scopeSql } from '../common/crm-scope';
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

  private async withLiveCounts(
    scope: TenantScope,
    segments: SegmentEntity[],
  ): Promise<SegmentWithLiveCount[]> {
    if (segments.length === 0) return [];
    const leads = scopeSql(scope, 'l', 2);
    const rows: Array<{ id: string; live_count: string }> = await this.dataSource.query(
      `SELECT s.id,
              (SELECT count(*) FROM crm_leads l
                WHERE ${leads.sql}
                  AND (s.criteria->>'min_score' IS NULL OR l.lead_score >= (s.criteria->>'min_score')::int)
                  AND (s.criteria->>'max_score' IS NULL OR l.lead_score <= (s.criteria->>'max_score')::int)
                  AND (s.criteria->>'stage' IS NULL OR l.stage = s.criteria->>'stage')
                  AND (s.criteria->>'lead_source' IS NULL OR l.lead_source = s.criteria->>'lead_source')
              ) AS live_count
         FROM crm_segments s
        WHERE s.id = ANY($1::uuid[])`,
      [segments.map((segment) => segment.id), ...leads.params],
    );
    const counts = new Map(rows.map((row) => [row.id, Number(row.live_count)]));
    return segments.map((segment) => ({ ...segment, live_count: counts.get(segment.id) ?? 0 }));
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
