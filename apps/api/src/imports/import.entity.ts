import type { JobStatus, RecordImportRowError } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { ModuleRowEntity } from '../common/module-row.entity';
import type { ImportOptions } from './csv-importer';

/**
 * One CSV import. The table is named after its first user, the records engine; any feature's import
 * (the CRM's, say) is a row here too, told apart by module and submodule.
 */
@Entity('record_imports')
export class ImportEntity extends ModuleRowEntity {
  @Column('text')
  status: JobStatus;

  @Column('integer', { name: 'total_rows' })
  totalRows: number;

  /** Rows done, in file order: the cursor a retried job resumes from. */
  @Column('integer', { name: 'processed_rows' })
  processedRows: number;

  @Column('integer', { name: 'created_count' })
  createdCount: number;

  @Column('integer', { name: 'error_count' })
  errorCount: number;

  /** Rows that matched an existing record and updated it (CRM imports' duplicate handling). */
  @Column('integer', { name: 'updated_count', default: 0 })
  updatedCount: number;

  /** Rows that matched an existing record and were left out. */
  @Column('integer', { name: 'skipped_count', default: 0 })
  skippedCount: number;

  /** What the importer needs besides the file (a CRM import's column mapping and duplicate mode). */
  @Column('jsonb', { default: () => `'{}'` })
  options: ImportOptions;

  /** When the whole import was undone (CRM imports). */
  @Column('timestamptz', { name: 'undone_at', nullable: true })
  undoneAt: Date | null;

  @Column('jsonb')
  errors: RecordImportRowError[];

  /** The uploaded file, kept until the import ends so a restarted job can read it again. */
  @Column('text', { nullable: true, select: false })
  source: string | null;

  /** Why a failed import stopped. */
  @Column('text', { nullable: true })
  failure: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;
}
