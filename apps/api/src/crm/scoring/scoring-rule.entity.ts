import type { ScoringRuleCriterion } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('crm_scoring_rules')
export class ScoringRuleEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('text', { default: '' }) condition: string;
  @Column('text', { nullable: true }) criterion: ScoringRuleCriterion | null;
  @Column('int') points: number;
  @Column('boolean', { default: true }) active: boolean;
  @Column('boolean', { default: false }) built_in: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
