import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';
import { inScope, ownership, requireInScope } from '../../access/scoped-query';
import { DEFAULT_PAGE_SIZE } from '../common/pagination.dto';
import { ActivityEntity } from './activity.entity';
import { logActivities } from './activity-log';
import type { ActivityListQueryDto, CreateActivityDto } from './dto/activity.dto';

@Injectable()
export class ActivitiesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** docs/product/activities.md: by scope, optionally one contact's, deal's or lead's; newest first. */
  list(scope: TenantScope, filters: ActivityListQueryDto): Promise<ActivityEntity[]> {
    const query = inScope(this.dataSource.manager.createQueryBuilder(ActivityEntity, 'activity'), scope);
    if (filters.contact_id)
      query.andWhere('activity.contact_id = :contactId', { contactId: filters.contact_id });
    if (filters.deal_id) query.andWhere('activity.deal_id = :dealId', { dealId: filters.deal_id });
    if (filters.lead_id) query.andWhere('activity.lead_id = :leadId', { leadId: filters.lead_id });
    if (filters.status) query.andWhere('activity.status = :status', { status: filters.status });
    return query
      .orderBy('activity.created_at', 'DESC')
      .addOrderBy('activity.id', 'ASC')
      .take(filters.limit ?? DEFAULT_PAGE_SIZE)
      .skip(filters.offset ?? 0)
      .getMany();
  }

  async create(scope: TenantScope, input: CreateActivityDto): Promise<ActivityEntity> {
    return this.dataSource.transaction(async (manager) => {
      if (input.contact_id) await requireInScope(manager, scope, 'crm_contacts', input.contact_id, 'Contact');
      if (input.deal_id) await requireInScope(manager, scope, 'crm_deals', input.deal_id, 'Deal');
      if (input.lead_id) await requireInScope(manager, scope, 'crm_leads', input.lead_id, 'Lead');
      const [id] = await logActivities(manager, [
        {
          ...ownership(scope),
          type: input.type,
          subject: input.subject.trim(),
          description: input.description ?? null,
          status: input.status ?? 'pending',
          due_date: input.due_date ? new Date(input.due_date) : null,
          contact_id: input.contact_id ?? null,
          deal_id: input.deal_id ?? null,
          lead_id: input.lead_id ?? null,
        },
      ]);
      return manager.findOneByOrFail(ActivityEntity, { id });
    });
  }

  /** Marks an activity completed (idempotent: completing twice keeps the first time). */
  async complete(scope: TenantScope, id: string): Promise<ActivityEntity> {
    return this.dataSource.transaction(async (manager) => {
      const activity = await inScope(manager.createQueryBuilder(ActivityEntity, 'activity'), scope)
        .andWhere('activity.id = :id', { id })
        .getOne();
      if (!activity) throw new NotFoundError('Activity');
      if (activity.status === 'completed') return activity;
      activity.status = 'completed';
      activity.completed_at = new Date();
      return manager.save(ActivityEntity, activity);
    });
  }
}
