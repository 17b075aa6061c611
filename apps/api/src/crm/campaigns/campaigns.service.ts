import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { ConflictError, NotFoundError } from '../../common/domain-errors';
import { inScope, ownership, scopeSql } from '../common/crm-scope';
import type { CreateCampaignDto, UpdateCampaignDto } from './dto/campaign.dto';
import { EmailCampaignEntity } from './email-campaign.entity';

@Injectable()
export class CampaignsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async get(scope: TenantScope, id: string, manager: EntityManager, lock = false) {
    const query = inScope(manager.createQueryBuilder(EmailCampaignEntity, 'campaign'), scope).andWhere(
      'campaign.id = :id',
      { id },
    );
    if (lock) query.setLock('pessimistic_write');
    const campaign = await query.getOne();
    if (!campaign) throw new NotFoundError('Email campaign');
    return campaign;
  }

  list(scope: TenantScope): Promise<EmailCampaignEntity[]> {
    return inScope(this.dataSource.manager.createQueryBuilder(EmailCampaignEntity, 'campaign'), scope)
      .orderBy('campaign.created_at', 'DESC')
      .addOrderBy('campaign.id', 'ASC')
      .getMany();
  }

  getOne(scope: TenantScope, id: string): Promise<EmailCampaignEntity> {
    return this.get(scope, id, this.dataSource.manager);
  }

  create(scope: TenantScope, input: CreateCampaignDto): Promise<EmailCampaignEntity> {
    const repository = this.dataSource.getRepository(EmailCampaignEntity);
    return repository.save(
      repository.create({
        ...ownership(scope),
        name: input.name.trim(),
        subject: input.subject.trim(),
        body: input.body ?? null,
        status: input.status ?? 'draft',
        audience: { ...(input.audience ?? {}) },
      }),
    );
  }

  /** A sent campaign is history: it cannot be edited. */
  async update(scope: TenantScope, id: string, changes: UpdateCampaignDto): Promise<EmailCampaignEntity> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager, true);
      if (campaign.status === 'sent') throw new ConflictError('This campaign has already been sent');
      if (changes.name !== undefined) campaign.name = changes.name.trim();
      if (changes.subject !== undefined) campaign.subject = changes.subject.trim();
      if (changes.body !== undefined) campaign.body = changes.body;
      if (changes.status !== undefined) campaign.status = changes.status;
      if (changes.audience !== undefined) campaign.audience = { ...changes.audience };
      return manager.save(EmailCampaignEntity, campaign);
    });
  }

  /**
   * Spec §4 campaign send, one transaction: one completed email activity per recipient (the
   * audience's contacts in scope that have an email), then status sent, sent_at and the count.
   * The row lock makes a second send wait and then answer 409, so nothing is logged twice; any
   * failure leaves no activity and the campaign unsent.
   */
  async send(scope: TenantScope, id: string): Promise<EmailCampaignEntity> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager, true);
      if (campaign.status === 'sent') throw new ConflictError('This campaign has already been sent');

      const audience = campaign.audience ?? {};
      const where = scopeSql(scope, 'c', 4);
      const params: unknown[] = [campaign.id, campaign.subject, scope.userId, ...where.params];
      const filters = [where.sql, `c.email IS NOT NULL AND btrim(c.email) <> ''`];
      if (audience.status) {
        params.push(audience.status);
        filters.push(`c.status = $${params.length}`);
      }
      if (audience.lead_source) {
        params.push(audience.lead_source);
        filters.push(`c.lead_source = $${params.length}`);
      }
      if (audience.tags?.length) {
        params.push(audience.tags);
        filters.push(`c.tags @> $${params.length}::text[]`);
      }
      const [{ recipients }]: Array<{ recipients: string }> = await manager.query(
        `WITH sent AS (
           INSERT INTO crm_activities (org_id, owner_id, contact_id, campaign_id, type, subject, description, status, completed_at)
           SELECT c.org_id, $3, c.id, $1, 'email', $2, 'Campaign email to ' || c.email, 'completed', now()
             FROM crm_contacts c
            WHERE ${filters.join(' AND ')}
           RETURNING 1
         )
         SELECT count(*) AS recipients FROM sent`,
        params,
      );
      await manager.query(
        `UPDATE crm_email_campaigns SET status = 'sent', sent_at = now(), recipients_count = $2 WHERE id = $1`,
        [campaign.id, Number(recipients)],
      );
      return manager.findOneByOrFail(EmailCampaignEntity, { id: campaign.id });
    });
  }
}
