import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  csvRowsToRecordInputs,
  parseCsv,
  type RecordImportStatus,
  type RecordValues,
  validateRecord,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../common/domain-errors';
import { type ImportRowError, RecordImportEntity } from './record-import.entity';
import { RecordsService, type SubmoduleRef } from './records.service';

const BATCH_SIZE = 500;
const MAX_ROWS = 100_000;
/** The report keeps the first refusals; the count says how many there were in all. */
const MAX_REPORTED_ERRORS = 1000;

function toStatus(entity: RecordImportEntity): RecordImportStatus {
  return {
    id: entity.id,
    status: entity.status,
    total_rows: entity.totalRows,
    processed_rows: entity.processedRows,
    created_count: entity.createdCount,
    error_count: entity.errorCount,
    errors: entity.errors,
  };
}

/**
 * CSV import as a background job: the request answers at once with the job, batches of rows are
 * validated and inserted (each batch in its own transaction), and the screen polls the progress.
 * Valid rows are imported; refused rows are reported by row number with a message per field.
 */
@Injectable()
export class RecordImportsService {
  private readonly logger = new Logger(RecordImportsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: RecordsService,
  ) {}

  async start(scope: TenantScope, ref: SubmoduleRef, csv: string): Promise<RecordImportStatus> {
    const schema = this.records.schemaFor(ref);
    const parsed = csvRowsToRecordInputs(schema, parseCsv(csv));
    if (parsed.unmatchedColumns.length > 0) {
      const message = `Unknown columns: ${parsed.unmatchedColumns.join(', ')}. Use the field names of ${schema.entityNamePlural}.`;
      throw new InvalidInputError(message, { csv: [message] });
    }
    const rows = parsed.records.map((record) => ({ row: record.rowNumber, input: record.values }));
    if (rows.length === 0)
      throw new InvalidInputError('The file has no rows to import', {
        csv: ['The file has no rows to import'],
      });
    if (rows.length > MAX_ROWS) {
      throw new InvalidInputError(`At most ${MAX_ROWS} rows can be imported at once`, {
        csv: [`At most ${MAX_ROWS} rows can be imported at once`],
      });
    }
    const job = await this.dataSource.getRepository(RecordImportEntity).save({
      orgId: scope.institutionId,
      ownerId: scope.userId,
      moduleId: ref.moduleId,
      submoduleId: ref.submoduleId,
      status: 'pending',
      totalRows: rows.length,
      processedRows: 0,
      createdCount: 0,
      errorCount: 0,
      errors: [],
      finishedAt: null,
    });
    setImmediate(() => {
      this.process(job.id, scope, ref, rows).catch((error: unknown) => {
        this.logger.error(`import ${job.id} failed: ${error instanceof Error ? error.stack : String(error)}`);
        void this.dataSource
          .getRepository(RecordImportEntity)
          .update({ id: job.id }, { status: 'failed', finishedAt: new Date() });
      });
    });
    return toStatus(job);
  }

  async status(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RecordImportStatus> {
    const query = this.dataSource
      .getRepository(RecordImportEntity)
      .createQueryBuilder('job')
      .where('job.id = :id AND job.module_id = :moduleId AND job.submodule_id = :submoduleId', {
        id,
        ...ref,
      });
    if (scope.institutionId) query.andWhere('job.org_id = :orgId', { orgId: scope.institutionId });
    else query.andWhere('job.org_id IS NULL AND job.owner_id = :ownerId', { ownerId: scope.userId });
    const job = await query.getOne();
    if (!job) throw new NotFoundError('Import');
    return toStatus(job);
  }

  private async process(
    jobId: string,
    scope: TenantScope,
    ref: SubmoduleRef,
    rows: Array<{ row: number; input: Record<string, unknown> }>,
  ): Promise<void> {
    const schema = this.records.schemaFor(ref);
    const jobs = this.dataSource.getRepository(RecordImportEntity);
    await jobs.update({ id: jobId }, { status: 'running' });
    const reported: ImportRowError[] = [];
    let processed = 0;
    let created = 0;
    let refused = 0;
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = rows.slice(start, start + BATCH_SIZE);
      const valid: Array<{ row: number; values: RecordValues }> = [];
      for (const { row, input } of batch) {
        const result = validateRecord(schema, input);
        if (result.ok) valid.push({ row, values: result.value });
        else {
          refused += 1;
          if (reported.length < MAX_REPORTED_ERRORS) reported.push({ row, errors: result.errors });
        }
      }
      const referenceErrors = await this.records.referenceErrors(
        scope,
        schema,
        valid.map((entry) => entry.values),
      );
      const insertable = valid.filter((entry, index) => {
        const errors = referenceErrors.get(index);
        if (!errors) return true;
        refused += 1;
        if (reported.length < MAX_REPORTED_ERRORS) reported.push({ row: entry.row, errors });
        return false;
      });
      await this.dataSource.transaction(async (manager) => {
        await this.records.insertMany(
          manager,
          scope,
          ref,
          schema,
          insertable.map((entry) => entry.values),
        );
        processed += batch.length;
        created += insertable.length;
        await manager.getRepository(RecordImportEntity).update(
          { id: jobId },
          {
            processedRows: processed,
            createdCount: created,
            errorCount: refused,
            errors: [...reported].sort((a, b) => a.row - b.row),
          },
        );
      });
    }
    await jobs.update({ id: jobId }, { status: 'completed', finishedAt: new Date() });
  }
}
