import { ApiProperty } from '@nestjs/swagger';
import type { Segment, SegmentCriteria } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';

@Entity('crm_segments')
/** The stored segment; the API adds its live_count when it answers (SegmentsService). */
export class SegmentEntity implements StoredRow<Omit<Segment, 'live_count'>> {
  @ApiProperty({ type: String, format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  org_id: string | null;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  owner_id: string;
  @ApiProperty({ type: String })
  @Column('text')
  name: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  description: string | null;
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
