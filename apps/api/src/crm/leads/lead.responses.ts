import { ApiProperty } from '@nestjs/swagger';
import {
  type CaptureLeadResult,
  JOB_STATUSES,
  type JobStatus,
  type LeadQualification,
  type LeadScoreResult,
  type LeadScoreRun,
  QUALIFICATION_STEP_STATUSES,
  type QualificationStep,
  type QualificationStepStatus,
} from '@tessera/data-access/contracts';
import { LeadEntity } from './lead.entity';

type CaptureLeadResultScore = CaptureLeadResult['score'];
type CaptureLeadResultActions = CaptureLeadResult['actions'];
type LeadQualificationBant = LeadQualification['bant'];

class CaptureScoreBody implements CaptureLeadResultScore {
  @ApiProperty() demographic!: number;
  @ApiProperty() formCompletion!: number;
  @ApiProperty() companyProfile!: number;
  @ApiProperty() intent!: number;
  @ApiProperty() total!: number;
  @ApiProperty() badge!: string;
}

class CaptureActionsBody implements CaptureLeadResultActions {
  @ApiProperty({ type: String, nullable: true }) assigned_owner_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) nurture_activity_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) call_activity_id!: string | null;
}

export class CaptureLeadBody implements Omit<CaptureLeadResult, 'lead'> {
  @ApiProperty({ type: LeadEntity }) lead!: LeadEntity;
  @ApiProperty({ type: CaptureScoreBody }) score!: CaptureScoreBody;
  @ApiProperty({ type: CaptureActionsBody }) actions!: CaptureActionsBody;
  @ApiProperty() message!: string;
}

export class LeadScoreRunBody implements LeadScoreRun {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: JOB_STATUSES }) status!: JobStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Why failed work stopped' }) failure!:
    | string
    | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Leads scored, once completed' })
  updated!: number | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
}

export class LeadScoreResultBody implements LeadScoreResult {
  @ApiProperty({ format: 'uuid' }) lead_id!: string;
  @ApiProperty() lead_score!: number;
}

class QualificationStepBody implements QualificationStep {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: QUALIFICATION_STEP_STATUSES }) status!: QualificationStepStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
  @ApiProperty() notes!: string;
}

class BantBody implements LeadQualificationBant {
  @ApiProperty() budget!: boolean;
  @ApiProperty() authority!: boolean;
  @ApiProperty() need!: boolean;
  @ApiProperty() timing!: boolean;
}

export class LeadQualificationBody implements LeadQualification {
  @ApiProperty({ format: 'uuid' }) lead_id!: string;
  @ApiProperty({ type: [QualificationStepBody] }) steps!: QualificationStepBody[];
  @ApiProperty({ type: BantBody }) bant!: BantBody;
  @ApiProperty() bant_score!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updated_at!: string | null;
}
