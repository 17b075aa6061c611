import type { WorkflowExecution } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import { type WorkflowExecutionStatus, WORKFLOW_EXECUTION_STATUSES } from '@tessera/data-access/contracts';
import { Column, Entity } from 'typeorm';
import { CrmChildEntity } from '../common/crm-owned.entity';

/** A workflow's execution log; scoped through its workflow. */
@Entity('crm_workflow_executions')
export class WorkflowExecutionEntity
  extends CrmChildEntity
  implements StoredRow<WorkflowExecution, 'executed_at'>
{
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  workflow_id: string;
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
