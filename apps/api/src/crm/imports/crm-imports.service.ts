import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CrmImportEntity,
  type CrmImportStatus,
  DUPLICATE_MODES,
  isJobSettled,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { AuditLogService } from '../../administration/audit-log.service';
import { inScope, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { ConflictError, NotFoundError } from '../../common/domain-errors';
import { ImportEntity } from '../../imports/import.entity';
import { ImportJobs, toStatus } from '../../imports/import-jobs.service';
import { keepCompanyLinks } from '../companies/company-links';
import { WebhookEvents } from '../../integrations/webhook-events.service';
import { crmRowEvent, crmRowsById, crmRowsWhere } from '../common/crm-webhook-rows';
import { CRM_IMPORT_TABLES, assignFromJsonSql } from './crm-import-tables';
import { CRM_MODULE, type CrmImportOptions } from './crm-importer';
import type { StartCrmImportDto } from './dto/crm-import.dto';

/** The import history lists this many of the CRM's latest imports. */
const HISTORY_LIMIT = 20;

function toCrmStatus(entity: ImportEntity): CrmImportStatus {
  return {
    ...toStatus(entity),
    entity: entity.submoduleId as CrmImportEntity,
    duplicates: DUPLICATE_MODES.find((mode) => mode === entity.options.duplicates) ?? 'skip',
    updated_count: entity.updatedCount,
    skipped_count: entity.skippedCount,
    created_at: entity.createdAt.toISOString(),
    undone_at: entity.undoneAt ? entity.undoneAt.toISOString() : null,
  };
}

/** Starting, following and undoing CRM imports (docs/product/crm-imports.md); the job is ImportJobs'. */
@Injectable()
export class CrmImportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly imports: ImportJobs,
    private readonly audit: AuditLogService,
    private readonly webhooks: WebhookEvents,
  ) {}

  async start(scope: TenantScope, input: StartCrmImportDto): Promise<CrmImportStatus> {
    const options: CrmImportOptions = { mapping: input.mapping, duplicates: input.duplicates };
    const started = await this.imports.startImport(
      scope,
      { moduleId: CRM_MODULE, submoduleId: input.entity },
      input.csv,
      { ...options },
    );
    return toCrmStatus(started);
  }

  async status(scope: TenantScope, id: string): Promise<CrmImportStatus> {
    return toCrmStatus(await this.find(scope, id));
  }

  /** The scope's latest CRM imports, newest first (of one entity when asked). */
  async history(scope: TenantScope, entity?: CrmImportEntity): Promise<CrmImportStatus[]> {
    const query = this.dataSource
      .getRepository(ImportEntity)
      .createQueryBuilder('import')
      .where('import.module_id = :module', { module: CRM_MODULE });
    if (entity) query.andWhere('import.submodule_id = :entity', { entity });
    const rows = await inScope(query, scope)
      .orderBy('import.created_at', 'DESC')
      .take(HISTORY_LIMIT)
      .getMany();
    return rows.map(toCrmStatus);
  }

  /**
   * Undoes a whole import in one transaction: the records it created are deleted, the ones it
   * updated get back the values it replaced. Once, and only after the import has ended.
   */
  async undo(scope: TenantScope, id: string): Promise<CrmImportStatus> {
    await this.dataSource.transaction(async (manager) => {
      const query = manager
        .getRepository(ImportEntity)
        .createQueryBuilder('import')
        .setLock('pessimistic_write')
        .where('import.id = :id AND import.module_id = :module', { id, module: CRM_MODULE });
      const entity = await inScope(query, scope).getOne();
      if (!entity) throw new NotFoundError('Import');
      if (entity.undoneAt) throw new ConflictError('This import has already been undone');
      if (!isJobSettled(entity.status))
        throw new ConflictError('This import is still running. Undo it once it has finished.');
      const imported = entity.submoduleId as CrmImportEntity;
      const { table, columns } = CRM_IMPORT_TABLES[imported];
      const rows = scopeSql(scope, 't', 2);
      const params = [id, ...rows.params];
      const logged = (which: string) =>
        `EXISTS (SELECT 1 FROM crm_import_rows c WHERE c.import_id = $1 AND ${which} AND c.row_id = t.id) AND ${rows.sql}`;
      const createdRows = logged('c.entity IS NULL AND c.previous IS NULL');
      // Each row's event goes out as if it were undone by hand: deleted rows are read before they go.
      const deletedEvent = crmRowEvent(imported, 'deleted');
      if (deletedEvent)
        await this.webhooks.emitMany(
          manager,
          scope.institutionId,
          deletedEvent,
          crmRowsWhere(manager, imported, createdRows, params),
        );
      // DELETE and UPDATE answer [rows, count] (TypeORM's pg driver).
      const [, deleted]: [unknown[], number] = await manager.query(
        `DELETE FROM ${table} t WHERE ${createdRows}`,
        params,
      );
      const [restoredRows, restored]: [Array<{ id: string }>, number] = await manager.query(
        `UPDATE ${table} t SET ${columns.map((column) => assignFromJsonSql('c.previous', column)).join(', ')}
           FROM crm_import_rows c
          WHERE c.import_id = $1 AND c.entity IS NULL AND c.previous IS NOT NULL AND t.id = c.row_id AND ${rows.sql}
          RETURNING t.id`,
        params,
      );
      const restoredIds = restoredRows.map((row) => row.id);
      await keepCompanyLinks(manager, imported, restoredIds);
      const updatedEvent = crmRowEvent(imported, 'updated');
      if (updatedEvent)
        await this.webhooks.emitMany(
          manager,
          scope.institutionId,
          updatedEvent,
          crmRowsById(manager, imported, restoredIds),
        );
      // Companies the import created for the names in its file go too, unless something links to them now.
      const unusedCompanies = `${logged("c.entity = 'companies'")}
            AND NOT EXISTS (SELECT 1 FROM crm_contacts k WHERE k.company_id = t.id)
            AND NOT EXISTS (SELECT 1 FROM crm_deals d WHERE d.company_id = t.id)`;
      await this.webhooks.emitMany(
        manager,
        scope.institutionId,
        'company.deleted',
        crmRowsWhere(manager, 'companies', unusedCompanies, params),
      );
      const [, companiesDeleted]: [unknown[], number] = await manager.query(
        `DELETE FROM crm_companies t WHERE ${unusedCompanies}`,
        params,
      );
      await manager.getRepository(ImportEntity).update({ id }, { undoneAt: new Date() });
      await this.audit.record(
        {
          institutionId: scope.institutionId,
          actor: { id: scope.userId, email: scope.email },
          action: 'crm.import_undone',
          target: `${entity.submoduleId} import of ${entity.createdAt.toISOString().slice(0, 10)}`,
          details: { import_id: id, deleted, restored, companies_deleted: companiesDeleted },
        },
        manager,
      );
    });
    return this.status(scope, id);
  }

  private async find(scope: TenantScope, id: string): Promise<ImportEntity> {
    const query = this.dataSource
      .getRepository(ImportEntity)
      .createQueryBuilder('import')
      .where('import.id = :id AND import.module_id = :module', { id, module: CRM_MODULE });
    const entity = await inScope(query, scope).getOne();
    if (!entity) throw new NotFoundError('Import');
    return entity;
  }
}
