import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CrmDuplicateEntity,
  type DuplicateGroup,
  type DuplicateReason,
  MERGE_FIELDS,
  type MergeResult,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogService } from '../../administration/audit-log.service';
import { scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import type { MergeDuplicatesDto } from './dto/duplicates.dto';

/** Groups shown per reason: the view is a work list, not a report. */
const GROUP_LIMIT = 50;

const TABLES: Record<CrmDuplicateEntity, 'crm_contacts' | 'crm_leads'> = {
  contacts: 'crm_contacts',
  leads: 'crm_leads',
};

const ENTITY_NAMES: Record<CrmDuplicateEntity, string> = { contacts: 'Contact', leads: 'Lead' };

/**
 * "Similar": the same letters and digits of first and last name, whatever the case, spaces,
 * accents-free punctuation; and the same company written the same way (or both without one).
 */
const SIMILAR_NAME_SQL = `regexp_replace(lower(t.first_name || t.last_name), '[^a-z0-9]', '', 'g')
  || '|' || regexp_replace(lower(coalesce(t.company, '')), '[^a-z0-9]', '', 'g')`;

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
  ) {}

  async list(scope: TenantScope, entity: CrmDuplicateEntity): Promise<DuplicateGroup[]> {
    const table = TABLES[entity];
    const rows = scopeSql(scope, 't', 1);
    const sameEmail: Array<{ key: string; ids: string[] }> = await this.dataSource.query(
      `SELECT lower(t.email) AS key, array_agg(t.id ORDER BY t.created_at, t.id) AS ids
         FROM ${table} t WHERE ${rows.sql} AND t.email IS NOT NULL
        GROUP BY lower(t.email) HAVING count(*) > 1 ORDER BY 1 LIMIT ${GROUP_LIMIT}`,
      rows.params,
    );
    // Records that share an e-mail already show above: a name group needs two different e-mails (or none).
    const similar: Array<{ key: string; ids: string[] }> = await this.dataSource.query(
      `SELECT min(t.first_name || ' ' || t.last_name || coalesce(' · ' || t.company, '')) AS key,
              array_agg(t.id ORDER BY t.created_at, t.id) AS ids
         FROM ${table} t WHERE ${rows.sql}
        GROUP BY ${SIMILAR_NAME_SQL}
       HAVING count(*) > 1 AND count(DISTINCT coalesce(lower(t.email), t.id::text)) > 1
        ORDER BY 1 LIMIT ${GROUP_LIMIT}`,
      rows.params,
    );
    const groups: Array<{ reason: DuplicateReason; key: string; ids: string[] }> = [
      ...sameEmail.map((group) => ({ reason: 'same_email' as const, ...group })),
      ...similar.map((group) => ({ reason: 'similar_name' as const, ...group })),
    ];
    const ids = [...new Set(groups.flatMap((group) => group.ids))];
    if (ids.length === 0) return [];
    const fields = MERGE_FIELDS[entity].map((field) => field.key);
    const records: Array<Record<string, string | null> & { id: string; created_at: Date }> =
      await this.dataSource.query(
        `SELECT t.id, t.created_at, ${fields.map((field) => `t.${field}::text AS ${field}`).join(', ')}
           FROM ${table} t WHERE t.id = ANY($${rows.params.length + 1}::uuid[]) AND ${rows.sql}`,
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
    const table = TABLES[entity];
    return this.dataSource.transaction(async (manager) => {
      const rows = scopeSql(scope, 't', 3);
      // Locked in id order: two merges of the same pair cannot deadlock.
      const locked: Array<Record<string, unknown> & { id: string }> = await manager.query(
        `SELECT t.* FROM ${table} t WHERE t.id IN ($1, $2) AND ${rows.sql} ORDER BY t.id FOR UPDATE`,
        [input.survivor_id, input.merged_id, ...rows.params],
      );
      const survivor = locked.find((row) => row.id === input.survivor_id);
      const merged = locked.find((row) => row.id === input.merged_id);
      if (!survivor) throw new NotFoundError(ENTITY_NAMES[entity]);
      if (!merged) throw new NotFoundError(ENTITY_NAMES[entity]);

      const taken = input.take_from_merged;
      if (taken.length > 0)
        await manager.query(
          `UPDATE ${table} t SET ${taken.map((field) => `${field} = m.${field}`).join(', ')}
             FROM ${table} m WHERE t.id = $1 AND m.id = $2`,
          [input.survivor_id, input.merged_id],
        );
      const moved =
        entity === 'contacts'
          ? await this.moveContactChildren(manager, input.survivor_id, input.merged_id)
          : await this.moveLeadChildren(manager, input.survivor_id, input.merged_id);
      await manager.query(`DELETE FROM ${table} WHERE id = $1`, [input.merged_id]);
      const name = `${survivor.first_name} ${survivor.last_name}`;
      await this.audit.record(
        {
          institutionId: scope.institutionId,
          actor: { id: scope.userId, email: scope.email },
          action: 'crm.records_merged',
          target: `${ENTITY_NAMES[entity].toLowerCase()} ${name}${survivor.email ? ` (${survivor.email})` : ''}`,
          details: {
            entity,
            survivor_id: input.survivor_id,
            merged_id: input.merged_id,
            merged: Object.fromEntries(fields.map((field) => [field, merged[field] ?? null])),
            taken_from_merged: taken,
            moved,
          },
        },
        manager,
      );
      return { survivor_id: input.survivor_id, merged_id: input.merged_id, moved };
    });
  }

  /** Activities, deals (with their files), custom fields, automation runs and tags go to the survivor. */
  private async moveContactChildren(
    manager: EntityManager,
    survivorId: string,
    mergedId: string,
  ): Promise<Record<string, number>> {
    const count = async (sql: string): Promise<number> => {
      const [, affected]: [unknown[], number] = await manager.query(sql, [survivorId, mergedId]);
      return affected;
    };
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
  private async moveLeadChildren(
    manager: EntityManager,
    survivorId: string,
    mergedId: string,
  ): Promise<Record<string, number>> {
    const count = async (sql: string): Promise<number> => {
      const [, affected]: [unknown[], number] = await manager.query(sql, [survivorId, mergedId]);
      return affected;
    };
    const activities = await count('UPDATE crm_activities SET lead_id = $1 WHERE lead_id = $2');
    const workflowRuns = await count('UPDATE crm_workflow_executions SET lead_id = $1 WHERE lead_id = $2');
    const qualification = await count(`UPDATE crm_lead_qualifications SET lead_id = $1 WHERE lead_id = $2
      AND NOT EXISTS (SELECT 1 FROM crm_lead_qualifications WHERE lead_id = $1)`);
    return { activities, workflow_runs: workflowRuns, qualification };
  }
}
