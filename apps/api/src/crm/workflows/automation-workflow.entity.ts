import type { AutomationWorkflow } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import { type WorkflowAction, type WorkflowTrigger, WORKFLOW_TRIGGERS } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmAutomationEntity } from '../common/crm-owned.entity';

@Entity('crm_automation_workflows')
export class AutomationWorkflowEntity
  extends CrmAutomationEntity
  implements StoredRow<AutomationWorkflow, 'last_executed_at'>
{
  @ApiProperty({ enum: WORKFLOW_TRIGGERS })
  @Column('text')
  trigger: WorkflowTrigger;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  @Column('jsonb', { default: () => `'{}'` })
  trigger_config: Record<string, string | number | boolean | null>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @Column('jsonb', { default: () => `'[]'` })
  actions: WorkflowAction[];
  @ApiProperty({ type: Boolean })
  @Column('boolean', { default: true })
  active: boolean;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
