import type { SegmentCriteria } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('crm_segments')
export class SegmentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('jsonb', { default: () => `'{}'` }) criteria: SegmentCriteria;
  /** The stored baseline count; the API adds live_count next to it. */
  @Column('int', { default: 0 }) lead_count: number;
  @Column('text', { default: 'blue' }) colour: string;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
