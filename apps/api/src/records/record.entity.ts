import type { RecordValues } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { ModuleRowEntity } from '../common/module-row.entity';

@Entity('records')
export class RecordEntity extends ModuleRowEntity {
  @Column('jsonb')
  data: RecordValues;

  /** The schema's title field, kept beside the data for reference labels. */
  @Column('text')
  title: string;

  /** Lower-cased searchable fields, for the list's text search. */
  @Column('text', { name: 'search_text', select: false })
  searchText: string;

  @Column('integer')
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
