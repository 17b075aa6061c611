import type { LeadQualification, QualificationStep } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('crm_lead_qualifications')
export class LeadQualificationEntity {
  @PrimaryColumn('uuid') lead_id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('jsonb', { default: () => `'[]'` }) steps: QualificationStep[];
  @Column('jsonb', { default: () => `'{}'` }) bant: LeadQualification['bant'];
  @Column('int', { default: 0 }) bant_score: number;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
