import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isJobSettled, type RecordImportStatus } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { inScope } from '../access/scoped-query';
import { DomainError, InvalidInputError, NotFoundError } from '../common/domain-errors';
import { type JobContext, JobQueue } from '../jobs/job-queue.service';
import type { CsvImporter, ImportOptions, ImportOwner, ImportRow, ImportTarget } from './csv-importer';
import { ImportEntity } from './import.entity';

export const CSV_IMPORT_JOB = 'imports.csv';
/** Rows written per transaction: each batch commits with the cursor that says it is done. */
export const IMPORT_BATCH_SIZE = 500;
export const MAX_IMPORT_ROWS = 100_000;
/** The report keeps the first refusals; the count says how many there were in all. */
const MAX_REPORTED_ERRORS = 1000;
/** A screen opened again shows at most this many of the caller's imports still under way. */
const ACTIVE_IMPORTS_LIMIT = 5;

export function toStatus(entity: ImportEntity): RecordImportStatus {
  return {
    id: entity.id,
    status: entity.status,
    failure: entity.failure,
    total_rows: entity.totalRows,
    processed_rows: entity.processedRows,
    created_count: entity.createdCount,
    error_count: entity.errorCount,
    errors: entity.errors,
  };
}

function refused(message: string): InvalidInputError {
  return new InvalidInputError(message, { csv: [message] });
}

/**
 * CSV imports as durable jobs (docs/product/imports.md). The request stores the file with a
 * pending import and enqueues its job in the same transaction. The job writes the rows in batches;
 * each batch commits together with the import's cursor (`processed_rows`), under a lock on the
 * import's row, so a crash or a second process can neither write a batch twice nor skip one: a
 * retried job reads the stored file again and resumes at the committed cursor.
 *
 * Features plug in a CsvImporter for their targets (the records engine for every catalogue
 * submodule); everything else is here.
 */
@Injectable()
export class ImportJobs implements OnModuleInit {
  private readonly logger = new Logger('Imports');
  private readonly importers: CsvImporter[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ importId: string }>({
      name: CSV_IMPORT_JOB,
      handler: (data, job) => this.run(data.importId, job),
      queue: {
        retryLimit: 5,
        retryDelay: 1,
        retryBackoff: true,
        retryDelayMax: 60,
        // Heartbeats, not expiry, find a dead process; this only bounds a hung attempt.
        expireInSeconds: 60 * 60,
      },
      onFailure: (data, reason) =>
        this.fail(
          data.importId,
          `The import stopped after several attempts (${reason}). Rows already imported are kept.`,
        ),
    });
  }

  /** Called by a feature's module while it initialises. */
  registerImporter(importer: CsvImporter): void {
    this.importers.push(importer);
  }

  async start(
    owner: ImportOwner,
    target: ImportTarget,
    csv: string,
    options: ImportOptions = {},
  ): Promise<RecordImportStatus> {
    return toStatus(await this.startImport(owner, target, csv, options));
  }

  /** start, answering with the stored import (features that report more than the records engine). */
  async startImport(
    owner: ImportOwner,
    target: ImportTarget,
    csv: string,
    options: ImportOptions = {},
  ): Promise<ImportEntity> {
    const rows = this.importerFor(target).readRows(target, csv, options);
    if (rows.length === 0) throw refused('The file has no rows to import');
    if (rows.length > MAX_IMPORT_ROWS)
      throw refused(`At most ${MAX_IMPORT_ROWS} rows can be imported at once`);
    const started = await this.dataSource.transaction(async (manager) => {
      const created = await manager.getRepository(ImportEntity).save({
        orgId: owner.institutionId,
        ownerId: owner.userId,
        moduleId: target.moduleId,
        submoduleId: target.submoduleId,
        status: 'pending',
        totalRows: rows.length,
        processedRows: 0,
        createdCount: 0,
        errorCount: 0,
        errors: [],
        updatedCount: 0,
        skippedCount: 0,
        options,
        undoneAt: null,
        source: csv,
        failure: null,
        startedAt: null,
        finishedAt: null,
      });
      await this.jobs.send(CSV_IMPORT_JOB, { importId: created.id }, { manager });
      return created;
    });
    this.jobs.wake(CSV_IMPORT_JOB);
    return started;
  }

  async status(owner: ImportOwner, target: ImportTarget, id: string): Promise<RecordImportStatus> {
    this.importerFor(target);
    const query = this.dataSource
      .getRepository(ImportEntity)
      .createQueryBuilder('import')
      .where('import.id = :id AND import.module_id = :moduleId AND import.submodule_id = :submoduleId', {
        id,
        ...target,
      });
    const entity = await inScope(query, owner).getOne();
    if (!entity) throw new NotFoundError('Import');
    return toStatus(entity);
  }

  /** The caller's imports of this target still under way, newest first: a reopened screen resumes them. */
  async active(owner: ImportOwner, target: ImportTarget): Promise<RecordImportStatus[]> {
    this.importerFor(target);
    const query = this.dataSource
      .getRepository(ImportEntity)
      .createQueryBuilder('import')
      .where(
        'import.owner_id = :ownerId AND import.module_id = :moduleId AND import.submodule_id = :submoduleId',
        {
          ownerId: owner.userId,
          ...target,
        },
      )
      .andWhere(`import.status IN ('pending', 'running')`);
    const rows = await inScope(query, owner)
      .orderBy('import.created_at', 'DESC')
      .take(ACTIVE_IMPORTS_LIMIT)
      .getMany();
    return rows.map(toStatus);
  }

  private importerFor(target: ImportTarget): CsvImporter {
    const importer = this.importers.find((candidate) => candidate.handles(target));
    if (!importer) throw new NotFoundError(`Imports into ${target.moduleId}/${target.submoduleId}`);
    return importer;
  }

  /** The job: idempotent, resumable at the committed cursor, safe to run twice at once. */
  private async run(importId: string, job: JobContext): Promise<void> {
    const repository = this.dataSource.getRepository(ImportEntity);
    const entity = await repository
      .createQueryBuilder('import')
      .addSelect('import.source')
      .where('import.id = :id', { id: importId })
      .getOne();
    // Gone with its institution, or finished by an earlier attempt whose completion was not recorded.
    if (!entity || isJobSettled(entity.status)) return;
    const target = { moduleId: entity.moduleId, submoduleId: entity.submoduleId };
    const owner = { institutionId: entity.orgId, userId: entity.ownerId };
    let importer: CsvImporter;
    let rows: ImportRow[];
    try {
      importer = this.importerFor(target);
      if (entity.source === null) throw refused('The uploaded file is no longer available');
      rows = importer.readRows(target, entity.source, entity.options);
      if (rows.length !== entity.totalRows)
        throw refused('The file no longer reads as it did when it was uploaded');
    } catch (error) {
      // Reading the same file again would fail the same way: no retry.
      if (error instanceof DomainError) {
        await this.fail(importId, error.message);
        return;
      }
      throw error;
    }
    await repository
      .createQueryBuilder()
      .update(ImportEntity)
      .set({ status: 'running', startedAt: () => 'COALESCE(started_at, now())' })
      .where(`id = :id AND status = 'pending'`, { id: importId })
      .execute();
    if (job.retryCount > 0) this.logger.log(`import ${importId} resumes (attempt ${job.retryCount + 1})`);
    for (;;) {
      // Shutting down, or pg-boss gave the job to another worker: stop between batches; the cursor
      // tells the next attempt where to go on.
      if (job.signal.aborted) throw new Error('stopped between two batches; the next attempt resumes there');
      const finished = await this.dataSource.transaction((manager) =>
        this.importNextBatch(manager, importId, importer, owner, target, rows, entity.options),
      );
      if (finished) return;
    }
  }

  /** One batch and the cursor in one transaction; true once the import has ended. */
  private async importNextBatch(
    manager: EntityManager,
    importId: string,
    importer: CsvImporter,
    owner: ImportOwner,
    target: ImportTarget,
    rows: ImportRow[],
    options: ImportOptions,
  ): Promise<boolean> {
    const imports = manager.getRepository(ImportEntity);
    // Held until this batch commits: another process running the same import waits here, then
    // reads the cursor this batch moved.
    const locked = await imports
      .createQueryBuilder('import')
      .setLock('pessimistic_write')
      .where('import.id = :id', { id: importId })
      .getOne();
    if (!locked || isJobSettled(locked.status)) return true;
    const start = locked.processedRows;
    const batch = rows.slice(start, start + (importer.batchSize ?? IMPORT_BATCH_SIZE));
    const outcome = await importer.importBatch(manager, owner, target, batch, { importId, options });
    const processed = start + batch.length;
    const done = processed >= rows.length;
    const room = Math.max(0, MAX_REPORTED_ERRORS - locked.errors.length);
    const reported = [...outcome.refused].sort((a, b) => a.row - b.row).slice(0, room);
    await imports.update(
      { id: importId },
      {
        status: done ? 'completed' : 'running',
        processedRows: processed,
        createdCount: locked.createdCount + outcome.created,
        updatedCount: locked.updatedCount + (outcome.updated ?? 0),
        skippedCount: locked.skippedCount + (outcome.skipped ?? 0),
        errorCount: locked.errorCount + outcome.refused.length,
        errors: [...locked.errors, ...reported],
        startedAt: locked.startedAt ?? new Date(),
        ...(done ? { finishedAt: new Date(), source: null } : {}),
      },
    );
    return done;
  }

  /** Ends an import that cannot go on; rows already written stay. Idempotent. */
  private async fail(importId: string, reason: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(ImportEntity)
      .set({ status: 'failed', failure: reason, finishedAt: () => 'now()', source: null })
      .where(`id = :id AND status IN ('pending', 'running')`, { id: importId })
      .execute();
    this.logger.warn(`import ${importId} failed: ${reason}`);
  }
}
