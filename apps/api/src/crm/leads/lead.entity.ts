import type {
  BudgetRange,
  CompanySize,
  FilterSource,
  Industry,
  LeadSource,
  LeadStage,
  LeadStatus,
  QualificationData,
  Timeline,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** crm_leads (spec §3). Property names are the API's (snake_case), so rows serialise as they are. */
@Entity('crm_leads')
export class LeadEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') first_name: string;
  @Column('text') last_name: string;
  @Column('text', { nullable: true }) email: string | null;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { nullable: true }) company: string | null;
  @Column('text', { nullable: true }) position: string | null;
  @Column('text', { nullable: true }) lead_source: LeadSource | null;
  @Column('text', { nullable: true }) source: FilterSource | null;
  @Column('text', { nullable: true }) website: string | null;
  @Column('text', { nullable: true }) industry: Industry | null;
  @Column('text', { nullable: true }) company_size: CompanySize | null;
  @Column('text', { nullable: true }) budget_range: BudgetRange | null;
  @Column('text', { nullable: true }) timeline: Timeline | null;
  @Column('text', { nullable: true }) pain_points: string | null;
  @Column('text', { nullable: true }) notes: string | null;
  @Column('text', { default: 'new' }) stage: LeadStage;
  @Column('text', { default: 'new' }) status: LeadStatus;
  @Column('int', { default: 0 }) lead_score: number;
  @Column('int', { nullable: true }) qualification_score: number | null;
  @Column('jsonb', { nullable: true }) qualification_data: QualificationData | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
