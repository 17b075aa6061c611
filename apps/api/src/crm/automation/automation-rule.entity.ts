import { ApiProperty } from '@nestjs/swagger';
import {
  AUTOMATION_MODULE_SOURCES,
  type AutomationAction,
  type AutomationConditions,
  type AutomationModuleSource,
  type AutomationRule,
} from '@tessera/data-access/contracts';
import type { StoredRow } from '../../common/stored-row';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmAutomationEntity } from '../common/crm-owned.entity';

@Entity('automation_rules')
export class AutomationRuleEntity
  extends CrmAutomationEntity
  implements StoredRow<AutomationRule, 'last_executed_at'>
{
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
