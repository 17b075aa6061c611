import { ApiProperty } from '@nestjs/swagger';
import {
  WORKFLOW_EXECUTION_STATUSES,
  type WorkflowExecution,
  type WorkflowExecutionStatus,
} from '@tessera/data-access/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';

/** A workflow's execution log; scoped through its workflow. */
@Entity('crm_workflow_executions')
export class WorkflowExecutionEntity implements StoredRow<WorkflowExecution, 'executed_at'> {
  @ApiProperty({ type: String, format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  workflow_id: string;
  /** Copied from the parent by a trigger (every CRM row carries its tenant). */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column({ type: 'uuid', nullable: true, insert: false, update: false })
  org_id: string | null;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column({ type: 'uuid', insert: false, update: false })
  owner_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  lead_id: string | null;
  /** The event that triggered the run (`open:<message id>`): a workflow runs once per event. */
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  event_key: string | null;
  @ApiProperty({ enum: WORKFLOW_EXECUTION_STATUSES })
  @Column('text')
  status: WorkflowExecutionStatus;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  message: string | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @Column('timestamptz', { default: () => 'now()' })
  executed_at: Date;
}
