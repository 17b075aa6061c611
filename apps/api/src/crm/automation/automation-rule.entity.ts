import { ApiProperty } from '@nestjs/swagger';
import {
  AUTOMATION_MODULE_SOURCES,
  type AutomationAction,
  type AutomationConditions,
  type AutomationModuleSource,
  type AutomationRule,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';

@Entity('automation_rules')
export class AutomationRuleEntity implements StoredRow<AutomationRule, 'last_executed_at'> {
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
  @ApiProperty({ enum: AUTOMATION_MODULE_SOURCES })
  @Column('text', { default: 'crm' })
  module_source: AutomationModuleSource;
  @ApiProperty({ type: Boolean })
  @Column('boolean', { default: true })
  enabled: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true })
  @Column('jsonb')
  conditions_json: AutomationConditions;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @Column('jsonb', { default: () => `'[]'` })
  actions_json: AutomationAction[];
  @ApiProperty({ type: Number })
  @Column('int', { default: 0 })
  execution_count: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  last_executed_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
