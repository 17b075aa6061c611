import { ApiProperty } from '@nestjs/swagger';
import type { LeadQualification, QualificationStep } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';
import { CrmOwnershipEntity } from '../common/crm-owned.entity';

@Entity('crm_lead_qualifications')
export class LeadQualificationEntity extends CrmOwnershipEntity implements StoredRow<LeadQualification> {
  @ApiProperty({ type: String, format: 'uuid' })
  @PrimaryColumn('uuid')
  lead_id: string;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @Column('jsonb', { default: () => `'[]'` })
  steps: QualificationStep[];
  @ApiProperty({ type: String })
  @Column('jsonb', { default: () => `'{}'` })
  bant: LeadQualification['bant'];
  @ApiProperty({ type: Number })
  @Column('int', { default: 0 })
  bant_score: number;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
