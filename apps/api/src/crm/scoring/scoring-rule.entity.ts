import { ApiProperty } from '@nestjs/swagger';
import {
  SCORING_RULE_CRITERIA,
  type ScoringRule,
  type ScoringRuleCriterion,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';

@Entity('crm_scoring_rules')
export class ScoringRuleEntity implements StoredRow<ScoringRule> {
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
