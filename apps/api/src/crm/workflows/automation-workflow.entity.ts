import type { WorkflowAction, WorkflowTrigger } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('crm_automation_workflows')
export class AutomationWorkflowEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('text') trigger: WorkflowTrigger;
  @Column('jsonb', { default: () => `'{}'` }) trigger_config: Record<
    string,
    string | number | boolean | null
  >;
  @Column('jsonb', { default: () => `'[]'` }) actions: WorkflowAction[];
  @Column('boolean', { default: true }) active: boolean;
  @Column('int', { default: 0 }) execution_count: number;
  @Column('timestamptz', { nullable: true }) last_executed_at: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
