import type { JobStatus } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('crm_lead_score_runs')
export class LeadScoreRunEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'org_id', nullable: true })
  orgId: string | null;

  @Column('uuid', { name: 'requested_by' })
  requestedBy: string;

  @Column('text')
  status: JobStatus;

  @Column('integer', { name: 'updated_count', nullable: true })
  updatedCount: number | null;

  @Column('text', { nullable: true })
  failure: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt: Date | null;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;
}
