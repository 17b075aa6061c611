import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SavedListView } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { scopeSql } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';
import { NotFoundError } from '../common/domain-errors';
import type { SubmoduleRef } from './record-scope.service';

interface ViewRow {
  id: string;
  name: string;
  query: string;
  created_at: Date;
}

const toView = (row: ViewRow): SavedListView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  created_at: row.created_at.toISOString(),
});

/**
 * A person's saved views of a list: rows of the institution in scope that are theirs alone
 * (owner_id = caller); colleagues never see them.
 */
@Injectable()
export class SavedListViewsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(scope: TenantScope, ref: SubmoduleRef): Promise<SavedListView[]> {
    const where = scopeSql(scope, 'v', 4);
    const rows: ViewRow[] = await this.dataSource.query(
      `SELECT v.id, v.name, v.query, v.created_at FROM saved_list_views v
       WHERE v.owner_id = $1 AND v.module_id = $2 AND v.submodule_id = $3 AND ${where.sql}
       ORDER BY lower(v.name)`,
      [scope.userId, ref.moduleId, ref.submoduleId, ...where.params],
    );
    return rows.map(toView);
  }

  /** Saving under a name the person already uses for this list replaces that view. */
  async save(scope: TenantScope, ref: SubmoduleRef, name: string, query: string): Promise<SavedListView> {
    const trimmed = name.trim();
    const stored = query.replace(/^\?/, '');
    return this.dataSource.transaction(async (manager) => {
      const where = scopeSql(scope, 'v', 5);
      await manager.query(
        `DELETE FROM saved_list_views v
         WHERE v.owner_id = $1 AND v.module_id = $2 AND v.submodule_id = $3 AND lower(v.name) = lower($4)
         AND ${where.sql}`,
        [scope.userId, ref.moduleId, ref.submoduleId, trimmed, ...where.params],
      );
      const [row]: ViewRow[] = await manager.query(
        `INSERT INTO saved_list_views (org_id, owner_id, module_id, submodule_id, name, query)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, name, query, created_at`,
        [scope.institutionId, scope.userId, ref.moduleId, ref.submoduleId, trimmed, stored],
      );
      if (!row) throw new NotFoundError('Saved view');
      return toView(row);
    });
  }

  async remove(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<void> {
    const where = scopeSql(scope, 'v', 5);
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM saved_list_views v
       WHERE v.id = $1 AND v.owner_id = $2 AND v.module_id = $3 AND v.submodule_id = $4 AND ${where.sql}`,
      [id, scope.userId, ref.moduleId, ref.submoduleId, ...where.params],
    );
    if (!affected) throw new NotFoundError('Saved view');
  }
}
