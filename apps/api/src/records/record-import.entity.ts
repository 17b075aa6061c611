import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export interface ImportRowError {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  errors: Record<string, string>;
}

@Entity('record_imports')
export class RecordImportEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'org_id', nullable: true })
  orgId: string | null;

  @Column('uuid', { name: 'owner_id' })
  ownerId: string;

  @Column('text', { name: 'module_id' })
  moduleId: string;

  @Column('text', { name: 'submodule_id' })
  submoduleId: string;

  @Column('text')
  status: 'pending' | 'running' | 'completed' | 'failed';

  @Column('integer', { name: 'total_rows' })
  totalRows: number;

  @Column('integer', { name: 'processed_rows' })
  processedRows: number;

  @Column('integer', { name: 'created_count' })
  createdCount: number;

  @Column('integer', { name: 'error_count' })
  errorCount: number;

  @Column('jsonb')
  errors: ImportRowError[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;
}
