import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RECENTLY_VIEWED_SHOWN, type RecentlyViewedRecord } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { scopeSql } from '../access/scoped-query';
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

/** The records a person opened, per institution, for the home's "Recently viewed". */
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
    const rows: ViewedRow[] = await this.dataSource.query(
      `SELECT r.module_id, r.submodule_id, r.id AS record_id, r.title, v.viewed_at
       FROM recently_viewed_records v JOIN records r ON r.id = v.record_id
       WHERE v.owner_id = $1 AND r.module_id = ANY($2) AND ${where.sql} AND ${records.sql}
       ORDER BY v.viewed_at DESC LIMIT ${RECENTLY_VIEWED_SHOWN}`,
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
