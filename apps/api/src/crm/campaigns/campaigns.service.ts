import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CampaignDelivery,
  unknownMergeFields,
  unknownMergeFieldsMessage,
} from '@tessera/data-access/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { ConflictError, InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { inScope, ownership } from '../../access/scoped-query';
import { DEFAULT_PAGE_SIZE } from '../common/pagination.dto';
import { CampaignDeliveryService } from './campaign-delivery.service';
import {
  CampaignAudienceDto,
  type CampaignDeliveryQueryDto,
  type CreateCampaignDto,
  type UpdateCampaignDto,
} from './dto/campaign.dto';
import { EmailCampaignEntity } from './email-campaign.entity';

@Injectable()
export class CampaignsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly delivery: CampaignDeliveryService,
  ) {}

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

  /** A campaign being sent, or sent, is history: it cannot be edited. */
  async update(scope: TenantScope, id: string, changes: UpdateCampaignDto): Promise<EmailCampaignEntity> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager, true);
      if (isSentOrSending(campaign)) throw new ConflictError(ALREADY_SENT);
      if (changes.name !== undefined) campaign.name = changes.name.trim();
      if (changes.subject !== undefined) campaign.subject = changes.subject.trim();
      if (changes.body !== undefined) campaign.body = changes.body;
      if (changes.status !== undefined) campaign.status = changes.status;
      if (changes.audience !== undefined) campaign.audience = { ...changes.audience };
      return manager.save(EmailCampaignEntity, campaign);
    });
  }

  /**
   * Send: refused (409) once asked for; the stored campaign must be sendable (400 per field
   * otherwise). Marks it `sending` and enqueues its delivery job in the same transaction, so the
   * job exists exactly when the campaign says it is being sent. The row lock makes a second send
   * wait and then answer 409. The completion rule of docs/product/campaigns.md (status sent, sent_at, recipient count, one email
   * activity per recipient) holds once the messages have been handed over.
   */
  async send(scope: TenantScope, id: string): Promise<EmailCampaignEntity> {
    const sending = await this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager, true);
      if (isSentOrSending(campaign)) throw new ConflictError(ALREADY_SENT);
      const errors = await sendProblems(campaign);
      if (Object.keys(errors).length > 0)
        throw new InvalidInputError('This campaign cannot be sent as it is', errors);
      await manager.update(
        EmailCampaignEntity,
        { id: campaign.id },
        {
          status: 'sending',
          send_requested_at: () => 'now()',
          send_requested_by: scope.userId,
          delivery_total: null,
          delivery_queued_at: null,
          delivery_error: null,
        },
      );
      await this.delivery.start(manager, campaign.id);
      return manager.findOneByOrFail(EmailCampaignEntity, { id: campaign.id });
    });
    this.delivery.wake();
    return sending;
  }

  async deliveryOf(
    scope: TenantScope,
    id: string,
    query: CampaignDeliveryQueryDto,
  ): Promise<CampaignDelivery> {
    const campaign = await this.get(scope, id, this.dataSource.manager);
    return this.delivery.delivery(campaign, {
      status: query.status,
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      offset: query.offset ?? 0,
    });
  }
}

const ALREADY_SENT = 'This campaign has already been sent';

function isSentOrSending(campaign: EmailCampaignEntity): boolean {
  return campaign.status === 'sent' || campaign.status === 'sending';
}

/**
 * What stops a stored campaign from being sent, by field: a message to send, merge fields the
 * CRM knows, and an audience of the shape the API accepts (rows written before it was checked,
 * or by hand, are checked again here).
 */
async function sendProblems(campaign: EmailCampaignEntity): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (!campaign.subject?.trim()) errors.subject = ['subject must not be empty'];
  if (!campaign.body?.trim()) errors.body = ['Write the message before sending the campaign'];
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownMergeFields(campaign[field] ?? '');
    if (unknown.length > 0) errors[field] = [...(errors[field] ?? []), unknownMergeFieldsMessage(unknown)];
  }
  const audience: unknown = campaign.audience;
  if (typeof audience !== 'object' || audience === null || Array.isArray(audience)) {
    errors.audience = ['audience must be an object with status, lead_source or tags'];
  } else {
    const problems = await validate(plainToInstance(CampaignAudienceDto, audience), {
      whitelist: true,
      forbidNonWhitelisted: true,
    });
    for (const problem of problems)
      errors[`audience.${problem.property}`] = Object.values(problem.constraints ?? {});
  }
  return errors;
}
