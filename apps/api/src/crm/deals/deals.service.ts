import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEAL_STAGE_LABELS, type DealStage, dealStatusForStage } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { ConflictError, InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { logActivities } from '../activities/activity-log';
import { AutomationRunner } from '../automation/automation-runner';
import { ownership, requireInScope, scopeSql } from '../../access/scoped-query';
import {
  listenedPatterns,
  WebhookEvents,
  webhookListenedSql,
} from '../../integrations/webhook-events.service';
import { readRow, readRows } from '../../database/read-rows';
import { DealEntity } from './deal.entity';
import type { CreateDealDto, DealListQueryDto, UpdateDealDto } from './dto/deal.dto';

/** What `moveStage`'s one statement found: moved, or why it changed nothing. */
type StageMoveOutcome = 'moved' | 'unchanged' | 'stale' | 'listened';

/** The labels the stage_change activity names, as the statement reads them (`$n::jsonb ->> stage`). */
const STAGE_LABELS_JSON = JSON.stringify(DEAL_STAGE_LABELS);
/** The webhook events a moved deal sends (`update` emits both). */
const STAGE_MOVE_EVENTS = listenedPatterns(['deal.updated', 'deal.stage_changed']);

/** Columns as the entity serialises them (the company page reads deals with them too): amount a number, the close date a YYYY-MM-DD string. */
export const DEAL_COLUMNS = `d.id, d.org_id, d.owner_id, d.name, d.title, d.description, d.amount::float8 AS amount,
  d.currency, d.probability, d.stage, d.status, d.company_id, d.account_id, d.contact_id,
  to_char(d.expected_close_date, 'YYYY-MM-DD') AS expected_close_date, d.lead_source, d.closed_at, d.version,
  d.forecast_category,
  d.created_at, d.updated_at`;

/** What a PATCH may change (the DTO's fields; `version` is the precondition, not a column to set). */
const UPDATABLE_DEAL_COLUMNS = [
  'name',
  'title',
  'description',
  'amount',
  'currency',
  'probability',
  'stage',
  'company_id',
  'contact_id',
  'expected_close_date',
  'lead_source',
] as const satisfies ReadonlyArray<keyof UpdateDealDto>;

const STALE_DEAL = 'This deal was changed by someone else. Reload it and try again.';

/** A PATCH whose only change is the stage (`version` aside): `moveStage` writes it. */
function onlyStage(changes: Omit<UpdateDealDto, 'version'>): boolean {
  return Object.entries(changes).every(([column, value]) => column === 'stage' || value === undefined);
}

/** The pipeline shows every open deal at once; a generous default keeps it to one call. */
const DEFAULT_DEAL_LIMIT = 500;

@Injectable()
export class DealsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhookEvents,
    private readonly automation: AutomationRunner,
  ) {}

  /**
   * docs/product/deals.md: by scope, newest first. The pipeline reads hundreds of deals per call, so this one
   * list skips entity hydration: plain rows, already in the response shape.
   */
  list(scope: TenantScope, filters: DealListQueryDto): Promise<DealEntity[]> {
    const where = scopeSql(scope, 'd', 1);
    const params: unknown[] = [...where.params];
    const conditions = [where.sql];
    if (filters.stage) {
      params.push(filters.stage);
      conditions.push(`d.stage = $${params.length}`);
    }
    if (filters.owner_id) {
      params.push(filters.owner_id);
      conditions.push(`d.owner_id = $${params.length}`);
    }
    params.push(filters.limit ?? DEFAULT_DEAL_LIMIT, filters.offset ?? 0);
    return readRows<DealEntity>(
      this.dataSource,
      `SELECT ${DEAL_COLUMNS} FROM crm_deals d
        WHERE ${conditions.join(' AND ')}
        ORDER BY d.created_at DESC, d.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  /**
   * One deal, straight into the response shape (no entity hydration: this is the deal view's read).
   * `lock` holds the row for a read-modify-write in `manager`'s transaction.
   */
  async get(scope: TenantScope, id: string, manager?: EntityManager, lock = false): Promise<DealEntity> {
    const where = scopeSql(scope, 'd', 2);
    const sql = `SELECT ${DEAL_COLUMNS} FROM crm_deals d WHERE d.id = $1 AND ${where.sql}${lock ? ' FOR UPDATE' : ''}`;
    const params = [id, ...where.params];
    // Inside a transaction the statement is the transaction's; alone it is the deal view's hot read.
    const deal: DealEntity | undefined = manager
      ? ((await manager.query(sql, params)) as DealEntity[])[0]
      : await readRow<DealEntity>(this.dataSource, sql, params);
    if (!deal) throw new NotFoundError('Deal');
    return deal;
  }

  async create(scope: TenantScope, input: CreateDealDto): Promise<DealEntity> {
    return this.dataSource.transaction(async (manager) => {
      if (input.contact_id) await requireInScope(manager, scope, 'crm_contacts', input.contact_id, 'Contact');
      const company_id = await this.companyFor(manager, scope, input.contact_id ?? null, input.company_id);
      const stage = input.stage ?? 'prospecting';
      const deal = manager.create(DealEntity, {
        ...input,
        company_id: company_id ?? null,
        ...ownership(scope),
        stage,
        status: dealStatusForStage(stage),
        closed_at: stage === 'closed_won' || stage === 'closed_lost' ? new Date() : null,
      });
      const saved = await manager.save(DealEntity, deal);
      // Read back: account_id is computed by the database.
      const created = await this.get(scope, saved.id, manager);
      await this.webhooks.emit(manager, created.org_id, 'deal.created', created);
      // docs/product/automation.md#new-leads-and-deals: part of the creation; a failing rule undoes it.
      await this.automation.onDealCreated(manager, scope, created.id);
      return created;
    });
  }

  /**
   * A deal with line items has the amount of its lines, in their currency
   * (docs/adr/0019-products-and-quotes.md): typing another amount or currency is refused.
   */
  private async keepDerivedAmount(
    manager: EntityManager,
    deal: DealEntity,
    changes: Omit<UpdateDealDto, 'version'>,
  ): Promise<void> {
    const amountChanges = changes.amount !== undefined && changes.amount !== deal.amount;
    const currencyChanges = changes.currency !== undefined && changes.currency !== deal.currency;
    if (!amountChanges && !currencyChanges) return;
    const lines: unknown[] = await manager.query(
      'SELECT 1 FROM crm_deal_line_items WHERE deal_id = $1 LIMIT 1',
      [deal.id],
    );
    if (lines.length === 0) return;
    const errors: Record<string, string[]> = {};
    if (amountChanges)
      errors.amount = ['amount is the sum of the deal’s line items: change the lines instead'];
    if (currencyChanges) errors.currency = ['currency cannot change while the deal has line items'];
    throw new InvalidInputError('The deal’s amount comes from its line items', errors);
  }

  /**
   * The company a deal gets (docs/product/companies.md#consistency): one of the scope's companies;
   * when its contact works at a company, that one (the default when none is asked for; another is
   * refused). `undefined` leaves the deal's company as it is.
   */
  private async companyFor(
    manager: EntityManager,
    scope: TenantScope,
    contactId: string | null,
    requested: string | null | undefined,
  ): Promise<string | null | undefined> {
    if (requested) await requireInScope(manager, scope, 'crm_companies', requested, 'Company');
    if (!contactId) return requested;
    const [contact]: Array<{ company_id: string | null }> = await manager.query(
      'SELECT company_id FROM crm_contacts WHERE id = $1',
      [contactId],
    );
    const contactCompany = contact?.company_id ?? null;
    if (!contactCompany || requested === undefined || requested === contactCompany)
      return contactCompany ?? requested;
    throw new InvalidInputError('The deal’s company must be its contact’s company', {
      company_id: ['company_id must be the company of the deal’s contact (or left out to take it)'],
    });
  }

  /**
   * Update by id (docs/product/deals.md). With `version`, the update applies only to that version (409 when
   * someone changed the deal since). A stage change moves the status along and logs a
   * stage_change activity, in the same transaction.
   */
  async update(scope: TenantScope, id: string, input: UpdateDealDto): Promise<DealEntity> {
    const { version, ...changes } = input;
    if (changes.stage && onlyStage(changes)) {
      const moved = await this.moveStage(scope, id, changes.stage, version);
      if (moved) return moved;
    }
    return this.dataSource.transaction(async (manager) => {
      const deal = await this.get(scope, id, manager, true);
      if (version !== undefined && version !== deal.version) {
        throw new ConflictError(STALE_DEAL);
      }
      const contactChanges = changes.contact_id !== undefined && changes.contact_id !== deal.contact_id;
      if (changes.contact_id && contactChanges)
        await requireInScope(manager, scope, 'crm_contacts', changes.contact_id, 'Contact');
      if (contactChanges || (changes.company_id !== undefined && changes.company_id !== deal.company_id)) {
        const contactId = contactChanges ? (changes.contact_id ?? null) : deal.contact_id;
        changes.company_id = await this.companyFor(manager, scope, contactId, changes.company_id);
      }
      await this.keepDerivedAmount(manager, deal, changes);
      const from = deal.stage;
      // Only what really changes is written, so an unchanged PATCH leaves the version alone.
      const params: unknown[] = [];
      const assignments: string[] = [];
      const assign = (column: string, value: unknown) => {
        params.push(value);
        assignments.push(`${column} = $${params.length}`);
      };
      for (const column of UPDATABLE_DEAL_COLUMNS) {
        const value = changes[column];
        if (value !== undefined && value !== deal[column]) assign(column, value);
      }
      if (assignments.length === 0) return deal;
      if (changes.stage && changes.stage !== from) assign('status', dealStatusForStage(changes.stage));
      params.push(deal.id);
      // The trigger bumps version and may set closed_at: RETURNING answers the stored row.
      // TypeORM answers an UPDATE's query() with [rows, affected count].
      const [rows] = (await manager.query(
        `UPDATE crm_deals d SET ${assignments.join(', ')}, updated_at = CURRENT_TIMESTAMP
          WHERE d.id = $${params.length} RETURNING ${DEAL_COLUMNS}`,
        params,
      )) as [DealEntity[], number];
      const updated = rows[0] as DealEntity;
      await this.webhooks.emit(manager, deal.org_id, 'deal.updated', updated);
      if (changes.stage && changes.stage !== from) {
        await this.webhooks.emit(manager, deal.org_id, 'deal.stage_changed', {
          ...updated,
          previous_stage: from,
        });
        await logActivities(manager, [
          {
            org_id: deal.org_id,
            owner_id: scope.userId,
            deal_id: deal.id,
            contact_id: deal.contact_id,
            type: 'stage_change',
            subject: `Stage changed from ${DEAL_STAGE_LABELS[from]} to ${DEAL_STAGE_LABELS[changes.stage]}`,
            status: 'completed',
          },
        ]);
      }
      return updated;
    });
  }

  /**
   * A PATCH that changes the stage alone (the pipeline's drag), as `update` does it, in one
   * statement rather than a transaction of seven (docs/adr/0017; raw SQL as a hot path measured to
   * matter, ADR 0009): the locked read, the UPDATE (version and closed_at by the trigger), the
   * stage_change activity, and the check that no webhook endpoint listens.
   * One statement is one transaction, so the change and its activity commit together, and no
   * connection waits idle in a transaction for this process between statements. When an endpoint
   * listens, the statement changes nothing and answers null: `update` then writes the change and
   * its deliveries in its transaction. Answers 404 and 409 as `update` does.
   */
  private async moveStage(
    scope: TenantScope,
    id: string,
    stage: DealStage,
    version: number | undefined,
  ): Promise<DealEntity | null> {
    const where = scopeSql(scope, 'd', 8);
    const rows: Array<DealEntity & { outcome: StageMoveOutcome }> = await this.dataSource.query(
      `WITH previous AS (
         SELECT ${DEAL_COLUMNS} FROM crm_deals d WHERE d.id = $1 AND ${where.sql} FOR UPDATE
       ), listened AS (
         SELECT ${webhookListenedSql('p.org_id', '$7')} AS listened FROM previous p
       ), updated AS (
         UPDATE crm_deals d SET stage = $2, status = $3, updated_at = CURRENT_TIMESTAMP
           FROM previous p, listened l
          WHERE d.id = p.id AND p.stage <> $2 AND ($4::int IS NULL OR p.version = $4) AND NOT l.listened
          RETURNING ${DEAL_COLUMNS}
       ), logged AS (
         INSERT INTO crm_activities (org_id, owner_id, deal_id, contact_id, type, subject, status, completed_at)
         SELECT p.org_id, $5::uuid, p.id, p.contact_id, 'stage_change',
                'Stage changed from ' || ($6::jsonb ->> p.stage) || ' to ' || ($6::jsonb ->> $2),
                'completed', CURRENT_TIMESTAMP
           FROM previous p JOIN updated u ON u.id = p.id
       )
       SELECT 'moved' AS outcome, u.* FROM updated u
       UNION ALL
       SELECT CASE WHEN $4::int IS NOT NULL AND p.version <> $4 THEN 'stale'
                   WHEN p.stage = $2 THEN 'unchanged' ELSE 'listened' END, p.*
         FROM previous p WHERE NOT EXISTS (SELECT 1 FROM updated)`,
      [
        id,
        stage,
        dealStatusForStage(stage),
        version ?? null,
        scope.userId,
        STAGE_LABELS_JSON,
        STAGE_MOVE_EVENTS,
        ...where.params,
      ],
    );
    const found = rows[0];
    if (!found) throw new NotFoundError('Deal');
    const { outcome, ...deal } = found;
    if (outcome === 'stale') throw new ConflictError(STALE_DEAL);
    return outcome === 'listened' ? null : deal;
  }

  async remove(scope: TenantScope, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const deal = await this.get(scope, id, manager, true);
      await manager.delete(DealEntity, { id: deal.id });
      await this.webhooks.emit(manager, deal.org_id, 'deal.deleted', deal);
    });
  }
}
