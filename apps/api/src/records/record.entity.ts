import type { RecordValues } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('records')
export class RecordEntity {
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
