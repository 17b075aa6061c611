import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CrmDuplicateEntity,
  type DuplicateGroup,
  type DuplicateReason,
  MERGE_FIELDS,
  type MergeResult,
  type WebhookEventType,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogService } from '../../administration/audit-log.service';
import { scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { keepCompanyLinks } from '../companies/company-links';
import { WebhookEvents } from '../../integrations/webhook-events.service';
import type { MergeDuplicatesDto } from './dto/duplicates.dto';

/** A merge deletes the merged record: webhooks hear of it as a deletion, naming the survivor. */
const MERGED_EVENTS: Record<CrmDuplicateEntity, WebhookEventType> = {
  contacts: 'contact.deleted',
  leads: 'lead.deleted',
  companies: 'company.deleted',
  deals: 'deal.deleted',
};

/** Groups shown per reason: the view is a work list, not a report. */
const GROUP_LIMIT = 50;

/** Letters and digits only: `O'Brien-Smith` and `obrien smith` meet. */
const squeezed = (sql: string): string => `regexp_replace(lower(${sql}), '[^a-z0-9]', '', 'g')`;

/** A company's name without its legal form: `Acme, Inc.`, `ACME Inc` and `Acme` meet. */
const COMPANY_NAME_KEY = squeezed(
  `regexp_replace(lower(t.name), '([^a-z0-9]+(inc|incorporated|ltd|limited|llc|gmbh|corp|corporation|co|company|plc|sa|ag|bv|srl|sarl))+[^a-z0-9]*$', '')`,
);

interface DuplicateGrouping {
  reason: DuplicateReason;
  /** What records of one group share (GROUP BY). */
  keySql: string;
  /** The shared value as the view shows it (an aggregate). */
  shownSql: string;
  where?: string;
  /** Beyond `count(*) > 1`: keeps a pair already listed under a stronger reason out. */
  having?: string;
}

/** Fixed SQL per entity (never input): its table, what groups it, and how a record is shown. */
interface DuplicateSource {
  table: 'crm_contacts' | 'crm_leads' | 'crm_companies' | 'crm_deals';
  name: string;
  joins: string;
  groupings: DuplicateGrouping[];
  labelSql: string;
  detailSql: string;
  /** How a merge field reads in the view, where not `t.<field>::text`. */
  shown?: Record<string, string>;
}

/**
 * People are "similar" with the same letters and digits of first and last name and the same company
 * written the same way (or both without one); records sharing an e-mail already show as such.
 */
const people = (table: 'crm_contacts' | 'crm_leads', name: string): DuplicateSource => ({
  table,
  name,
  joins: '',
  groupings: [
    {
      reason: 'same_email',
      keySql: 'lower(t.email)',
      shownSql: 'lower(t.email)',
      where: 't.email IS NOT NULL',
    },
    {
      reason: 'similar_name',
      keySql: `${squeezed('t.first_name || t.last_name')} || '|' || ${squeezed(`coalesce(t.company, '')`)}`,
      shownSql: `min(t.first_name || ' ' || t.last_name || coalesce(' · ' || t.company, ''))`,
      having: 'count(DISTINCT coalesce(lower(t.email), t.id::text)) > 1',
    },
  ],
  labelSql: `t.first_name || ' ' || t.last_name`,
  detailSql: 't.email',
});

const SOURCES: Record<CrmDuplicateEntity, DuplicateSource> = {
  contacts: people('crm_contacts', 'Contact'),
  leads: people('crm_leads', 'Lead'),
  companies: {
    table: 'crm_companies',
    name: 'Company',
    joins: '',
    groupings: [
      {
        reason: 'same_domain',
        keySql: 'lower(t.domain)',
        shownSql: 'lower(t.domain)',
        where: 't.domain IS NOT NULL',
      },
      {
        reason: 'similar_name',
        keySql: COMPANY_NAME_KEY,
        shownSql: 'min(t.name)',
        having: 'count(DISTINCT coalesce(lower(t.domain), t.id::text)) > 1',
      },
    ],
    labelSql: 't.name',
    detailSql: 't.domain',
  },
  deals: {
    table: 'crm_deals',
    name: 'Deal',
    joins:
      'LEFT JOIN crm_companies co ON co.id = t.company_id LEFT JOIN crm_contacts ct ON ct.id = t.contact_id',
    groupings: [
      {
        reason: 'similar_name',
        keySql: `${squeezed('t.name')} || '|' || coalesce(t.company_id::text, '')`,
        shownSql: `min(t.name || coalesce(' · ' || co.name, ''))`,
      },
    ],
    labelSql: 't.name',
    detailSql: 'co.name',
    shown: {
      contact_id: `ct.first_name || ' ' || ct.last_name`,
      company_id: 'co.name',
    },
  },
};

/**
 * Columns a merge field brings along from the merged record: a contact's company text with its
 * company link, a deal's stage with the status and close time it implies.
 */
const MERGE_COLUMNS: Partial<Record<CrmDuplicateEntity, Record<string, readonly string[]>>> = {
  contacts: { company: ['company', 'company_id'] },
  deals: { stage: ['stage', 'status', 'closed_at'] },
};

type Counter = (sql: string) => Promise<number>;

/**
 * The duplicates view and merge (docs/product/crm-imports.md#duplicates). A merge keeps one record
 * (the survivor) with a chosen value per field, moves every child row of the other onto it and
 * deletes the other, in one transaction with its audit log entry.
 */
@Injectable()
export class DuplicatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly webhooks: WebhookEvents,
  ) {}

  async list(scope: TenantScope, entity: CrmDuplicateEntity): Promise<DuplicateGroup[]> {
    const source = SOURCES[entity];
    const rows = scopeSql(scope, 't', 1);
    const groups: Array<{ reason: DuplicateReason; key: string; ids: string[] }> = [];
    for (const grouping of source.groupings) {
      const found: Array<{ key: string; ids: string[] }> = await this.dataSource.query(
        `SELECT ${grouping.shownSql} AS key, array_agg(t.id ORDER BY t.created_at, t.id) AS ids
           FROM ${source.table} t ${source.joins}
          WHERE ${rows.sql}${grouping.where ? ` AND ${grouping.where}` : ''}
          GROUP BY ${grouping.keySql}
         HAVING count(*) > 1${grouping.having ? ` AND ${grouping.having}` : ''}
          ORDER BY 1 LIMIT ${GROUP_LIMIT}`,
        rows.params,
      );
      groups.push(...found.map((group) => ({ reason: grouping.reason, ...group })));
    }
    const ids = [...new Set(groups.flatMap((group) => group.ids))];
    if (ids.length === 0) return [];
    const fields = MERGE_FIELDS[entity].map((field) => field.key);
    const records: Array<
      Record<string, string | null> & { id: string; created_at: Date; label: string; detail: string | null }
    > = await this.dataSource.query(
      `SELECT t.id, t.created_at, ${source.labelSql} AS label, ${source.detailSql} AS detail,
              ${fields.map((field) => `${source.shown?.[field] ?? `t.${field}::text`} AS "${field}"`).join(', ')}
         FROM ${source.table} t ${source.joins}
        WHERE t.id = ANY($${rows.params.length + 1}::uuid[]) AND ${rows.sql}`,
      [...rows.params, ids],
    );
    const byId = new Map(records.map((record) => [record.id, record]));
    return groups.map((group) => ({
      reason: group.reason,
      key: group.key,
      records: group.ids.flatMap((id) => {
        const record = byId.get(id);
        if (!record) return [];
        return [
          {
            id,
            label: record.label,
            detail: record.detail ?? null,
            created_at: new Date(record.created_at).toISOString(),
            values: Object.fromEntries(fields.map((field) => [field, record[field] ?? null])),
          },
        ];
      }),
    }));
  }

  async merge(
    scope: TenantScope,
    entity: CrmDuplicateEntity,
    input: MergeDuplicatesDto,
  ): Promise<MergeResult> {
    const fields = MERGE_FIELDS[entity].map((field) => field.key);
    const unknown = input.take_from_merged.filter((field) => !fields.includes(field));
    if (unknown.length > 0)
      throw new InvalidInputError(`Unknown fields: ${unknown.join(', ')}`, {
        take_from_merged: [`Choose among ${fields.join(', ')}`],
      });
    if (input.survivor_id === input.merged_id)
      throw new InvalidInputError('A record cannot be merged into itself', {
        merged_id: ['must be another record than survivor_id'],
      });
    const source = SOURCES[entity];
    const { table } = source;
    return this.dataSource.transaction(async (manager) => {
      const rows = scopeSql(scope, 't', 3);
      // Locked in id order: two merges of the same pair cannot deadlock.
      const locked: Array<{
        id: string;
        label: string;
        detail: string | null;
        row: Record<string, unknown>;
      }> = await manager.query(
        `SELECT t.id, ${source.labelSql} AS label, ${entity === 'deals' ? 'NULL::text' : source.detailSql} AS detail,
                  to_jsonb(t) AS row
             FROM ${table} t WHERE t.id IN ($1, $2) AND ${rows.sql} ORDER BY t.id FOR UPDATE OF t`,
        [input.survivor_id, input.merged_id, ...rows.params],
      );
      const survivor = locked.find((row) => row.id === input.survivor_id);
      const merged = locked.find((row) => row.id === input.merged_id);
      if (!survivor) throw new NotFoundError(source.name);
      if (!merged) throw new NotFoundError(source.name);

      const count: Counter = async (sql) => {
        const [, affected]: [unknown[], number] = await manager.query(sql, [
          input.survivor_id,
          input.merged_id,
        ]);
        return affected;
      };
      const moved = await this.moveChildren(manager, entity, count, input.survivor_id, input.merged_id);
      // Deleted before the survivor takes its values: a company's name is unique in its scope.
      await manager.query(`DELETE FROM ${table} WHERE id = $1`, [input.merged_id]);
      await this.webhooks.emit(manager, scope.institutionId, MERGED_EVENTS[entity], {
        ...merged.row,
        merged_into: input.survivor_id,
      });
      const taken = input.take_from_merged;
      const columns = [...new Set(taken.flatMap((field) => MERGE_COLUMNS[entity]?.[field] ?? [field]))];
      if (columns.length > 0)
        await manager.query(
          `UPDATE ${table} t SET ${columns.map((column) => `${column} = m.${column}`).join(', ')}
             FROM jsonb_populate_record(NULL::${table}, $2::jsonb) m WHERE t.id = $1`,
          [input.survivor_id, JSON.stringify(merged.row)],
        );
      await keepCompanyLinks(manager, entity, [input.survivor_id]);

      await this.audit.record(
        {
          institutionId: scope.institutionId,
          actor: { id: scope.userId, email: scope.email },
          action: 'crm.records_merged',
          target: `${source.name.toLowerCase()} ${survivor.label}${survivor.detail ? ` (${survivor.detail})` : ''}`,
          details: {
            entity,
            survivor_id: input.survivor_id,
            merged_id: input.merged_id,
            merged: Object.fromEntries(fields.map((field) => [field, merged.row[field] ?? null])),
            taken_from_merged: taken,
            moved,
          },
        },
        manager,
      );
      return { survivor_id: input.survivor_id, merged_id: input.merged_id, moved };
    });
  }

  private moveChildren(
    manager: EntityManager,
    entity: CrmDuplicateEntity,
    count: Counter,
    survivorId: string,
    mergedId: string,
  ): Promise<Record<string, number>> {
    switch (entity) {
      case 'contacts':
        return this.moveContactChildren(manager, count, survivorId, mergedId);
      case 'leads':
        return this.moveLeadChildren(count);
      case 'companies':
        return this.moveCompanyChildren(count);
      case 'deals':
        return this.moveDealChildren(count);
    }
  }

  /** Activities, deals (with their files), custom fields, automation runs and tags go to the survivor. */
  private async moveContactChildren(
    manager: EntityManager,
    count: Counter,
    survivorId: string,
    mergedId: string,
  ): Promise<Record<string, number>> {
    // A campaign reaches a contact once (a unique index): the survivor's own record of it stays.
    await count(`DELETE FROM crm_activities a WHERE a.contact_id = $2 AND a.campaign_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM crm_activities s WHERE s.contact_id = $1 AND s.campaign_id = a.campaign_id)`);
    const activities = await count('UPDATE crm_activities SET contact_id = $1 WHERE contact_id = $2');
    const [{ files }]: Array<{ files: number }> = await manager.query(
      `SELECT count(*)::int AS files FROM crm_deal_files f JOIN crm_deals d ON d.id = f.deal_id WHERE d.contact_id = $1`,
      [mergedId],
    );
    const deals = await count('UPDATE crm_deals SET contact_id = $1 WHERE contact_id = $2');
    // The survivor's own custom field of the same name wins; the merged one's goes with it.
    const customFields =
      await count(`UPDATE crm_contact_custom_fields c SET contact_id = $1 WHERE c.contact_id = $2
      AND NOT EXISTS (SELECT 1 FROM crm_contact_custom_fields s WHERE s.contact_id = $1 AND s.field_name = c.field_name)`);
    const automationRuns = await count(
      'UPDATE automation_rule_runs SET contact_id = $1 WHERE contact_id = $2',
    );
    const [tagRows]: [Array<{ tags: number }>, number] = await manager.query(
      `WITH merged AS (SELECT tags FROM crm_contacts WHERE id = $2)
       UPDATE crm_contacts t SET tags = ARRAY(SELECT DISTINCT unnest(t.tags || merged.tags) ORDER BY 1),
              unsubscribed_at = COALESCE(t.unsubscribed_at, (SELECT unsubscribed_at FROM crm_contacts WHERE id = $2))
         FROM merged WHERE t.id = $1
       RETURNING cardinality(merged.tags) AS tags`,
      [survivorId, mergedId],
    );
    const tags = tagRows[0]?.tags ?? 0;
    return { activities, deals, files, tags, custom_fields: customFields, automation_runs: automationRuns };
  }

  /** Activities, workflow runs and (when the survivor has none) the qualification go to the survivor. */
  private async moveLeadChildren(count: Counter): Promise<Record<string, number>> {
    const activities = await count('UPDATE crm_activities SET lead_id = $1 WHERE lead_id = $2');
    const workflowRuns = await count('UPDATE crm_workflow_executions SET lead_id = $1 WHERE lead_id = $2');
    const qualification = await count(`UPDATE crm_lead_qualifications SET lead_id = $1 WHERE lead_id = $2
      AND NOT EXISTS (SELECT 1 FROM crm_lead_qualifications WHERE lead_id = $1)`);
    return { activities, workflow_runs: workflowRuns, qualification };
  }

  /** The company's people and deals work for the survivor now (their activities follow them). */
  private async moveCompanyChildren(count: Counter): Promise<Record<string, number>> {
    const contacts = await count('UPDATE crm_contacts SET company_id = $1 WHERE company_id = $2');
    const deals = await count('UPDATE crm_deals SET company_id = $1 WHERE company_id = $2');
    return { contacts, deals };
  }

  /** The deal's activities (notes, calls, stage changes) and files go to the survivor. */
  private async moveDealChildren(count: Counter): Promise<Record<string, number>> {
    const activities = await count('UPDATE crm_activities SET deal_id = $1 WHERE deal_id = $2');
    const files = await count('UPDATE crm_deal_files SET deal_id = $1 WHERE deal_id = $2');
    return { activities, files };
  }
}
