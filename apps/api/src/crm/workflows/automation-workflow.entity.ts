import { ApiProperty } from '@nestjs/swagger';
import {
  type AutomationWorkflow,
  WORKFLOW_TRIGGERS,
  type WorkflowAction,
  type WorkflowTrigger,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';

@Entity('crm_automation_workflows')
export class AutomationWorkflowEntity implements StoredRow<AutomationWorkflow, 'last_executed_at'> {
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
