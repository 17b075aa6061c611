import { ApiProperty } from '@nestjs/swagger';
import {
  type AutomationAction,
  type AutomationConditions,
  type AutomationModuleSource,
  AUTOMATION_MODULE_SOURCES,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmAutomationEntity } from '../common/crm-owned.entity';

@Entity('automation_rules')
export class AutomationRuleEntity extends CrmAutomationEntity {
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
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
