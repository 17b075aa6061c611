import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CaptureLeadResult,
  captureMessage,
  captureScore,
  HIGH_SCORE_THRESHOLD,
  type LeadScoreResult,
  type LeadStage,
  type Page,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';
import { readRows } from '../../database/read-rows';
import { logActivities } from '../activities/activity-log';
import { inScope, ownership, scopeSql } from '../../access/scoped-query';
import { DEFAULT_PAGE_SIZE } from '../common/pagination.dto';
import { topSalesRep } from '../common/top-sales-rep';
import type { CaptureLeadDto, CreateLeadDto, LeadListQueryDto, UpdateLeadDto } from './dto/lead.dto';
import { LeadEntity } from './lead.entity';
import { WebhookEvents } from '../../integrations/webhook-events.service';
import { AutomationRunner } from '../automation/automation-runner';

/** The capture result as stored (dates as Date until serialised). */
export type CaptureLeadResponse = Omit<CaptureLeadResult, 'lead'> & { lead: LeadEntity };

/** Every column of a lead, as the entity serialises it (no transformers: raw rows are the response). */
const LEAD_COLUMNS = `l.id, l.org_id, l.owner_id, l.first_name, l.last_name, l.email, l.phone, l.company, l.position,
  l.lead_source, l.source, l.website, l.industry, l.company_size, l.budget_range, l.timeline, l.pain_points, l.notes,
  l.stage, l.status, l.lead_score, l.qualification_score, l.qualification_data, l.created_at, l.updated_at`;

const DAY_MS = 86_400_000;
/** The follow-up call a capture schedules (score ≥ 40) is due the next day; nurture in two. */
const CALL_DUE_DAYS = 1;
const NURTURE_DUE_DAYS = 2;

@Injectable()
export class LeadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhookEvents,
    private readonly automation: AutomationRunner,
  ) {}

  private query(scope: TenantScope, manager: EntityManager = this.dataSource.manager) {
    return inScope(manager.createQueryBuilder(LeadEntity, 'lead'), scope);
  }

  /** docs/product/leads.md: by scope, filterable by stage, source and score range, best score first. */
  async list(scope: TenantScope, filters: LeadListQueryDto): Promise<Page<LeadEntity>> {
    const limit = filters.limit ?? DEFAULT_PAGE_SIZE;
    const offset = filters.offset ?? 0;
    const where = scopeSql(scope, 'l', 1);
    const params: unknown[] = [...where.params];
    const conditions = [where.sql];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filters.stage) conditions.push(`l.stage = ${bind(filters.stage)}`);
    if (filters.source) {
      const source = bind(filters.source);
      conditions.push(`(l.lead_source = ${source} OR l.source = ${source})`);
    }
    if (filters.min_score !== undefined) conditions.push(`l.lead_score >= ${bind(filters.min_score)}`);
    if (filters.max_score !== undefined) conditions.push(`l.lead_score <= ${bind(filters.max_score)}`);
    const whereSql = conditions.join(' AND ');
    const filtered = conditions.length > 1;
    // The Leads screen pages through 100,000s of rows: plain rows (already the response shape) and
    // the count beside the page on a second connection, rather than one after the other. Unfiltered,
    // the count is the scope's kept total (lead-totals.migration.ts), not a count of every row.
    const [rows, counted] = await Promise.all([
      readRows<LeadEntity>(
        this.dataSource,
        `SELECT ${LEAD_COLUMNS} FROM crm_leads l WHERE ${whereSql}
          ORDER BY l.lead_score DESC, l.id ASC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      filtered
        ? readRows<{ total: number }>(
            this.dataSource,
            `SELECT count(*)::int AS total FROM crm_leads l WHERE ${whereSql}`,
            params,
          )
        : readRows<{ total: number }>(
            this.dataSource,
            'SELECT total::int AS total FROM crm_lead_totals WHERE scope_id = $1',
            [scope.institutionId ?? scope.userId],
          ),
    ]);
    return { rows, total: counted[0]?.total ?? 0, limit, offset };
  }

  async get(scope: TenantScope, id: string, manager?: EntityManager): Promise<LeadEntity> {
    const lead = await this.query(scope, manager).andWhere('lead.id = :id', { id }).getOne();
    if (!lead) throw new NotFoundError('Lead');
    return lead;
  }

  async create(scope: TenantScope, input: CreateLeadDto): Promise<LeadEntity> {
    return this.dataSource.transaction(async (manager) => {
      const created = await manager.save(
        LeadEntity,
        manager.create(LeadEntity, { ...input, ...ownership(scope) }),
      );
      await this.webhooks.emit(manager, scope.institutionId, 'lead.created', created);
      await this.automation.onLeadCreated(manager, scope, created.id);
      return created;
    });
  }

  async update(scope: TenantScope, id: string, changes: UpdateLeadDto): Promise<LeadEntity> {
    return this.dataSource.transaction(async (manager) => {
      const lead = await this.get(scope, id, manager);
      const saved = await manager.save(LeadEntity, manager.merge(LeadEntity, lead, changes));
      await this.webhooks.emit(manager, scope.institutionId, 'lead.updated', saved);
      return saved;
    });
  }

  /** High-scoring leads: lead_score ≥ min (70 by default, docs/product/lead-scoring.md#rating-labels), best first. */
  highScoring(scope: TenantScope, min = HIGH_SCORE_THRESHOLD, limit = 50): Promise<LeadEntity[]> {
    return this.query(scope)
      .andWhere('lead.lead_score >= :min', { min })
      .orderBy('lead.lead_score', 'DESC')
      .addOrderBy('lead.id', 'ASC')
      .take(limit)
      .getMany();
  }

  /** One stage's leads (the board asks once per stage, docs/product/leads.md). */
  byStage(scope: TenantScope, stage: LeadStage, limit = 200): Promise<LeadEntity[]> {
    return this.query(scope)
      .andWhere('lead.stage = :stage', { stage })
      .orderBy('lead.lead_score', 'DESC')
      .addOrderBy('lead.id', 'ASC')
      .take(limit)
      .getMany();
  }

  /** Runs calculate_lead_score_enhanced(lead_id) (docs/product/lead-scoring.md#weighted-lead-score) on a lead of the scope. */
  async score(scope: TenantScope, id: string): Promise<LeadScoreResult> {
    await this.get(scope, id);
    const [row]: Array<{ score: number }> = await this.dataSource.query(
      'SELECT calculate_lead_score_enhanced($1) AS score',
      [id],
    );
    return { lead_id: id, lead_score: Number(row?.score ?? 0) };
  }

  /**
   * The capture form (docs/product/lead-scoring.md#capture-score): the score is recomputed here, never trusted from the
   * browser; status is qualified at 60+, and the auto actions really happen, all in one
   * transaction: 80+ assigns the institution's top rep, 60+ a nurture task, 40+ a call task.
   * The `lead_created` automation rules run last in that transaction; a caller that hands in its
   * own transaction (`within`, a web form) sets them off itself, once it has committed.
   */
  async capture(
    scope: TenantScope,
    input: CaptureLeadDto,
    within?: EntityManager,
  ): Promise<CaptureLeadResponse> {
    const score = captureScore(input);
    const assignsTopRep = score.autoActions.includes('assign_top_rep');
    // `within`: part of a caller's transaction (a web form submission holds its de-duplication lock there).
    const inTransaction = <T>(work: (manager: EntityManager) => Promise<T>) =>
      within ? work(within) : this.dataSource.transaction(work);
    return inTransaction(async (manager) => {
      const owner_id = assignsTopRep ? (await topSalesRep(manager, scope)).id : scope.userId;
      const inserted = await manager.insert(LeadEntity, {
        ...input,
        org_id: scope.institutionId,
        owner_id,
        status: score.status,
        stage: input.stage ?? (score.status === 'qualified' ? 'qualified' : 'new'),
        qualification_score: score.total,
        qualification_data: {
          demographic: score.demographic,
          behavioral: score.formCompletion,
          firmographic: score.companyProfile,
          intent: score.intent,
          total: score.total,
        },
      });
      const leadId = String(inserted.identifiers[0]?.id);
      await manager.query('SELECT calculate_lead_score_enhanced($1)', [leadId]);
      await this.webhooks.emit(
        manager,
        scope.institutionId,
        'lead.created',
        await this.get(scope, leadId, manager),
      );

      const name = `${input.first_name} ${input.last_name}`.trim();
      const now = Date.now();
      let nurtureId: string | null = null;
      let callId: string | null = null;
      if (score.autoActions.includes('add_to_nurture')) {
        [nurtureId] = await logActivities(manager, [
          {
            org_id: scope.institutionId,
            owner_id,
            lead_id: leadId,
            type: 'task',
            subject: `Nurture sequence: ${name}`,
            description: 'Added to the nurture sequence by lead capture (score 60 or more).',
            status: 'pending',
            due_date: new Date(now + NURTURE_DUE_DAYS * DAY_MS),
          },
        ]);
      }
      if (score.autoActions.includes('schedule_call')) {
        [callId] = await logActivities(manager, [
          {
            org_id: scope.institutionId,
            owner_id,
            lead_id: leadId,
            type: 'call',
            subject: `Call ${name}`,
            description: 'Follow-up call scheduled by lead capture (score 40 or more).',
            status: 'pending',
            due_date: new Date(now + CALL_DUE_DAYS * DAY_MS),
          },
        ]);
      }
      if (!within) await this.automation.onLeadCreated(manager, scope, leadId);
      const lead = await manager.findOneByOrFail(LeadEntity, { id: leadId });
      return {
        lead,
        score: {
          demographic: score.demographic,
          formCompletion: score.formCompletion,
          companyProfile: score.companyProfile,
          intent: score.intent,
          total: score.total,
          badge: score.badge,
        },
        actions: {
          assigned_owner_id: assignsTopRep ? owner_id : null,
          nurture_activity_id: nurtureId ?? null,
          call_activity_id: callId ?? null,
        },
        message: captureMessage(score.total),
      };
    });
  }
}
