import type { ScoringRule } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import { type ScoringRuleCriterion, SCORING_RULE_CRITERIA } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmNamedEntity } from '../common/crm-owned.entity';

@Entity('crm_scoring_rules')
export class ScoringRuleEntity extends CrmNamedEntity implements StoredRow<ScoringRule> {
  @ApiProperty({ type: String })
  @Column('text', { default: '' })
  condition: string;
  @ApiProperty({ enum: SCORING_RULE_CRITERIA, nullable: true })
  @Column('text', { nullable: true })
  criterion: ScoringRuleCriterion | null;
  @ApiProperty({ type: Number })
  @Column('int')
  points: number;
  @ApiProperty({ type: Boolean })
  @Column('boolean', { default: true })
  active: boolean;
  @ApiProperty({ type: Boolean })
  @Column('boolean', { default: false })
  built_in: boolean;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
