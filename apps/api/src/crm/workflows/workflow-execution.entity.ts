import type { WorkflowExecutionStatus } from '@tessera/data-access/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A workflow's execution log; scoped through its workflow. */
@Entity('crm_workflow_executions')
export class WorkflowExecutionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') workflow_id: string;
  @Column('uuid', { nullable: true }) lead_id: string | null;
  @Column('text') status: WorkflowExecutionStatus;
  @Column('text', { nullable: true }) message: string | null;
  @Column('timestamptz', { default: () => 'now()' }) executed_at: Date;
}
