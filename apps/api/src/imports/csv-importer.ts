import type { RecordImportRowError } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';

/** What an import writes into: a module's submodule (`project/tasks`, later `crm/contacts`). */
export interface ImportTarget {
  moduleId: string;
  submoduleId: string;
}

/** Whose rows an import creates: the institution's (or the caller's own) and who started it. */
export interface ImportOwner {
  institutionId: string | null;
  userId: string;
}

/** One data row of the file: its row number as a spreadsheet shows it, and its values by field. */
export interface ImportRow {
  row: number;
  input: Record<string, unknown>;
}

/** What an importer was told besides the file, stored with the import (JSON). */
export type ImportOptions = Record<string, unknown>;

/** The import a batch belongs to. */
export interface ImportBatchContext {
  importId: string;
  options: ImportOptions;
}

export interface ImportBatchOutcome {
  created: number;
  /** Rows that updated an existing record instead (duplicate handling); none by default. */
  updated?: number;
  /** Rows left out because they matched an existing record. */
  skipped?: number;
  /** Every refused row of the batch with a message per field. */
  refused: RecordImportRowError[];
}

/**
 * A feature's half of a CSV import; ImportJobs does the rest (storing the file, the job, batches,
 * progress, retries). docs/product/imports.md.
 */
export interface CsvImporter {
  /** Rows per batch (one transaction each) when not the default IMPORT_BATCH_SIZE. */
  readonly batchSize?: number;
  handles(target: ImportTarget): boolean;
  /**
   * The file's rows, or an InvalidInputError for a file that cannot be imported at all (unknown
   * columns). Must read the same file the same way every time: a retried job reads it again and
   * resumes at a row index.
   */
  readRows(target: ImportTarget, csv: string, options: ImportOptions): ImportRow[];
  /**
   * Validates and writes one batch through `manager` ONLY: its transaction also moves the import's
   * cursor, so the batch is written exactly once; and on the embedded database (one connection) a
   * query outside it would wait for ever.
   */
  importBatch(
    manager: EntityManager,
    owner: ImportOwner,
    target: ImportTarget,
    rows: ImportRow[],
    context: ImportBatchContext,
  ): Promise<ImportBatchOutcome>;
}
