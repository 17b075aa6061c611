import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  RECENTLY_VIEWED_SHOWN,
  type RecentlyViewedCrmEntity,
  type RecentlyViewedRecord,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { requireInScope, scopeSql } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';

/** How many views a person keeps per institution; older ones are forgotten as new ones come. */
const KEPT = 50;

interface ViewedRow {
  module_id: string;
  submodule_id: string;
  record_id: string;
  title: string;
  viewed_at: Date;
}

const CRM_TABLES: Record<RecentlyViewedCrmEntity, { table: 'crm_deals' | 'crm_companies'; what: string }> = {
  deals: { table: 'crm_deals', what: 'Deal' },
  companies: { table: 'crm_companies', what: 'Company' },
};

/** The records a person opened, per institution, for the home's "Recently viewed": industry records, CRM deals and companies. */
@Injectable()
export class RecentlyViewedService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Called when a record's detail is read; the record is known to be in scope. */
  async record(scope: TenantScope, recordId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO recently_viewed_records AS v (org_id, owner_id, record_id) VALUES ($1, $2, $3)
       ON CONFLICT (COALESCE(org_id, owner_id), owner_id, record_id) DO UPDATE SET viewed_at = now()`,
      [scope.institutionId, scope.userId, recordId],
    );
    await this.forgetOldest(scope);
  }

  /**
   * A CRM deal's or company's page was opened (its reads also serve lists and the pipeline, so the
   * page says so itself). 404 when the row is not in the caller's scope.
   */
  async recordCrm(scope: TenantScope, entity: RecentlyViewedCrmEntity, id: string): Promise<void> {
    const { table, what } = CRM_TABLES[entity];
    await this.dataSource.transaction(async (manager) => {
      await requireInScope(manager, scope, table, id, what);
      await manager.query(
        `INSERT INTO recently_viewed_records AS v (org_id, owner_id, crm_entity, crm_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (COALESCE(org_id, owner_id), owner_id, crm_entity, crm_id) WHERE crm_id IS NOT NULL
         DO UPDATE SET viewed_at = now()`,
        [scope.institutionId, scope.userId, entity, id],
      );
    });
    await this.forgetOldest(scope);
  }

  private async forgetOldest(scope: TenantScope): Promise<void> {
    const where = scopeSql(scope, 'v', 2);
    await this.dataSource.query(
      `DELETE FROM recently_viewed_records v WHERE v.owner_id = $1 AND ${where.sql}
       AND v.viewed_at < (SELECT min(viewed_at) FROM (
         SELECT k.viewed_at FROM recently_viewed_records k WHERE k.owner_id = $1 AND ${scopeSql(scope, 'k', 2).sql}
         ORDER BY k.viewed_at DESC LIMIT ${KEPT}) AS kept)`,
      [scope.userId, ...where.params],
    );
  }

  /** The caller's latest views among the modules they can still read. */
  async latest(scope: TenantScope, readableModules: readonly string[]): Promise<RecentlyViewedRecord[]> {
    if (readableModules.length === 0) return [];
    const where = scopeSql(scope, 'v', 3);
    const records = scopeSql(scope, 'r', 3);
    const deals = scopeSql(scope, 'd', 3);
    const companies = scopeSql(scope, 'c', 3);
    // CRM views count only while the CRM is readable; a deleted deal or company drops out.
    const rows: ViewedRow[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT r.module_id, r.submodule_id, r.id AS record_id, r.title, v.viewed_at
           FROM recently_viewed_records v JOIN records r ON r.id = v.record_id
          WHERE v.owner_id = $1 AND r.module_id = ANY($2) AND ${where.sql} AND ${records.sql}
         UNION ALL
         SELECT 'crm', v.crm_entity, v.crm_id, coalesce(d.name, c.name), v.viewed_at
           FROM recently_viewed_records v
           LEFT JOIN crm_deals d ON v.crm_entity = 'deals' AND d.id = v.crm_id AND ${deals.sql}
           LEFT JOIN crm_companies c ON v.crm_entity = 'companies' AND c.id = v.crm_id AND ${companies.sql}
          WHERE v.owner_id = $1 AND v.crm_id IS NOT NULL AND 'crm' = ANY($2) AND ${where.sql}
            AND coalesce(d.id, c.id) IS NOT NULL
       ) AS viewed
       ORDER BY viewed_at DESC LIMIT ${RECENTLY_VIEWED_SHOWN}`,
      [scope.userId, [...readableModules], ...where.params],
    );
    return rows.map((row) => ({
      moduleId: row.module_id,
      submoduleId: row.submodule_id,
      recordId: row.record_id,
      title: row.title,
      path: `/modules/${row.module_id}/${row.submodule_id}/${row.record_id}`,
      viewed_at: row.viewed_at.toISOString(),
    }));
  }
}
