import { ApiProperty } from '@nestjs/swagger';
import {
  BUDGET_RANGES,
  type BudgetRange,
  COMPANY_SIZES,
  type CompanySize,
  FILTER_SOURCES,
  type FilterSource,
  INDUSTRIES,
  type Industry,
  type Lead,
  LEAD_SOURCES,
  LEAD_STAGES,
  LEAD_STATUSES,
  type LeadSource,
  type LeadStage,
  type LeadStatus,
  type QualificationData,
  type Timeline,
  TIMELINES,
} from '@tessera/data-access/contracts';
import type { StoredRow } from '../../common/stored-row';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmPersonEntity } from '../common/crm-owned.entity';

/** crm_leads (docs/product/leads.md). Property names are the API's (snake_case), so rows serialise as they are. */
@Entity('crm_leads')
export class LeadEntity extends CrmPersonEntity implements StoredRow<Lead> {
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  position: string | null;
  @ApiProperty({ enum: LEAD_SOURCES, nullable: true })
  @Column('text', { nullable: true })
  lead_source: LeadSource | null;
  @ApiProperty({ enum: FILTER_SOURCES, nullable: true })
  @Column('text', { nullable: true })
  source: FilterSource | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  website: string | null;
  @ApiProperty({ enum: INDUSTRIES, nullable: true })
  @Column('text', { nullable: true })
  industry: Industry | null;
  @ApiProperty({ enum: COMPANY_SIZES, nullable: true })
  @Column('text', { nullable: true })
  company_size: CompanySize | null;
  @ApiProperty({ enum: BUDGET_RANGES, nullable: true })
  @Column('text', { nullable: true })
  budget_range: BudgetRange | null;
  @ApiProperty({ enum: TIMELINES, nullable: true })
  @Column('text', { nullable: true })
  timeline: Timeline | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  pain_points: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  notes: string | null;
  @ApiProperty({ enum: LEAD_STAGES })
  @Column('text', { default: 'new' })
  stage: LeadStage;
  @ApiProperty({ enum: LEAD_STATUSES })
  @Column('text', { default: 'new' })
  status: LeadStatus;
  @ApiProperty({ type: Number })
  @Column('int', { default: 0 })
  lead_score: number;
  @ApiProperty({ type: Number, nullable: true })
  @Column('int', { nullable: true })
  qualification_score: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  @Column('jsonb', { nullable: true })
  qualification_data: QualificationData | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
