import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CampaignAudience,
  type CampaignAudienceCount,
  type CampaignDelivery,
  type CampaignFigures,
  type CampaignListItem,
  type CampaignTestSend,
  scheduleTimeProblem,
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
  type ScheduleCampaignDto,
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

  /** The campaigns, newest first, each with its figures. */
  async list(scope: TenantScope): Promise<Array<EmailCampaignEntity & CampaignListItem>> {
    const campaigns = await inScope(
      this.dataSource.manager.createQueryBuilder(EmailCampaignEntity, 'campaign'),
      scope,
    )
      .orderBy('campaign.created_at', 'DESC')
      .addOrderBy('campaign.id', 'ASC')
      .getMany();
    const figures = await this.delivery.figures(campaigns.map((campaign) => campaign.id));
    return campaigns.map((campaign) =>
      Object.assign(campaign, { figures: figures.get(campaign.id) ?? NO_FIGURES }),
    );
  }

  /** The audience builder's count: who a campaign to this audience would reach in this scope now. */
  async audienceCount(scope: TenantScope, audience: CampaignAudience): Promise<CampaignAudienceCount> {
    return { recipients: await this.delivery.audienceCount(ownership(scope), audience) };
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

  /**
   * Only a draft is edited: a campaign being sent, or sent, is history; a scheduled one is sent as
   * it was checked when scheduled, so its schedule is cancelled first.
   */
  async update(scope: TenantScope, id: string, changes: UpdateCampaignDto): Promise<EmailCampaignEntity> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager, true);
      if (isSentOrSending(campaign)) throw new ConflictError(ALREADY_SENT);
      if (campaign.status === 'scheduled') throw new ConflictError(CANCEL_SCHEDULE_FIRST);
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
      await requireSendable(campaign);
      await this.delivery.beginSending(manager, campaign.id, scope.userId);
      return manager.findOneByOrFail(EmailCampaignEntity, { id: campaign.id });
    });
    this.delivery.wake();
    return sending;
  }

  /**
   * Schedule: a draft (or a scheduled campaign, moved) that could be sent now is sent at `send_at`,
   * by a job enqueued in the same transaction. A time not in the future, or a campaign that could
   * not be sent, answers 400 and changes nothing.
   */
  async schedule(scope: TenantScope, id: string, input: ScheduleCampaignDto): Promise<EmailCampaignEntity> {
    const problem = scheduleTimeProblem(input.send_at, new Date());
    if (problem) throw new InvalidInputError(problem, { send_at: [problem] });
    const sendAt = new Date(input.send_at);
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager, true);
      if (isSentOrSending(campaign)) throw new ConflictError(ALREADY_SENT);
      await requireSendable(campaign);
      await manager.update(
        EmailCampaignEntity,
        { id: campaign.id },
        { status: 'scheduled', send_at: sendAt, send_requested_by: scope.userId },
      );
      await this.delivery.schedule(manager, campaign.id, sendAt);
      return manager.findOneByOrFail(EmailCampaignEntity, { id: campaign.id });
    });
  }

  /** Back to draft; the waiting job finds the schedule gone and sends nothing. */
  async cancelSchedule(scope: TenantScope, id: string): Promise<EmailCampaignEntity> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager, true);
      if (isSentOrSending(campaign)) throw new ConflictError(ALREADY_SENT);
      if (campaign.status !== 'scheduled') throw new ConflictError('This campaign is not scheduled');
      await manager.update(
        EmailCampaignEntity,
        { id: campaign.id },
        { status: 'draft', send_at: null, send_requested_by: null },
      );
      return manager.findOneByOrFail(EmailCampaignEntity, { id: campaign.id });
    });
  }

  /**
   * A test send to the signed-in user's own address, as a recipient would get it (merge fields from
   * the user's name), marked as a test and counted nowhere. Any campaign may be tested; one that
   * could not be sent answers 400 per field.
   */
  async testSend(scope: TenantScope, id: string): Promise<CampaignTestSend> {
    const sent = await this.dataSource.transaction(async (manager) => {
      const campaign = await this.get(scope, id, manager);
      await requireSendable(campaign);
      const [user]: Array<{ email: string; first_name: string | null; last_name: string | null }> =
        await manager.query('SELECT email, first_name, last_name FROM users WHERE id = $1', [scope.userId]);
      const email = user?.email ?? scope.email;
      const [institution]: Array<{ name: string }> = scope.institutionId
        ? await manager.query('SELECT name FROM institutions WHERE id = $1', [scope.institutionId])
        : [];
      return this.delivery.queueTest(
        manager,
        campaign,
        {
          first_name: user?.first_name ?? '',
          last_name: user?.last_name ?? '',
          company: institution?.name ?? null,
          email,
        },
        scope.userId,
      );
    });
    this.delivery.wakeMail();
    return sent;
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
const CANCEL_SCHEDULE_FIRST = 'This campaign is scheduled: cancel the schedule to edit it';
const NO_FIGURES: CampaignFigures = { recipients: 0, delivered: 0, opened: 0, clicked: 0, unsubscribed: 0 };

/** 400 per field, nothing changed, when the stored campaign could not be sent. */
async function requireSendable(campaign: EmailCampaignEntity): Promise<void> {
  const errors = await sendProblems(campaign);
  if (Object.keys(errors).length > 0)
    throw new InvalidInputError('This campaign cannot be sent as it is', errors);
}

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
    errors.audience = ['audience must be an object with statuses, lead_sources or tags'];
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
