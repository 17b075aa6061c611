import type { Segment } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import type { SegmentCriteria } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmNamedEntity } from '../common/crm-owned.entity';

@Entity('crm_segments')
export class SegmentEntity extends CrmNamedEntity implements StoredRow<Omit<Segment, 'live_count'>> {
  @ApiProperty({ type: 'object', additionalProperties: true })
  @Column('jsonb', { default: () => `'{}'` })
  criteria: SegmentCriteria;
  /** The stored baseline count; the API adds live_count next to it. */
  @ApiProperty({ type: Number })
  @Column('int', { default: 0 })
  lead_count: number;
  @ApiProperty({ type: String })
  @Column('text', { default: 'blue' })
  colour: string;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
