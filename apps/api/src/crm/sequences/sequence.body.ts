import { ApiProperty } from '@nestjs/swagger';
import {
  SEQUENCE_ENROLLMENT_SOURCES,
  SEQUENCE_ENROLLMENT_STATUSES,
  SEQUENCE_STEP_TYPES,
  type Sequence,
  type SequenceEnrollment,
  type SequenceEnrollmentCounts,
  type SequenceEnrollmentResult,
  type SequenceEnrollmentSource,
  type SequenceEnrollmentStatus,
  type SequenceStep,
  type SequenceStepFigures,
  type SequenceStepType,
} from '@tessera/data-access/contracts';

/* Response shapes of the sequences routes, for the OpenAPI document. */

export class SequenceStepFiguresBody implements SequenceStepFigures {
  @ApiProperty() sent: number;
  @ApiProperty() opened: number;
  @ApiProperty() replied: number;
  @ApiProperty({ description: 'Meetings logged on the person after this e-mail and before the next' })
  meetings: number;
}

export class SequenceStepBody implements SequenceStep {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() position: number;
  @ApiProperty({ enum: SEQUENCE_STEP_TYPES }) type: SequenceStepType;
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ type: String, nullable: true }) body: string | null;
  @ApiProperty({ type: Number, nullable: true }) days: number | null;
  @ApiProperty() business_days: boolean;
  @ApiProperty({ type: SequenceStepFiguresBody }) figures: SequenceStepFiguresBody;
}

export class SequenceEnrollmentCountsBody implements SequenceEnrollmentCounts {
  @ApiProperty() active: number;
  @ApiProperty() finished: number;
  @ApiProperty() replied: number;
  @ApiProperty() unsubscribed: number;
  @ApiProperty() bounced: number;
  @ApiProperty() moved: number;
  @ApiProperty() unenrolled: number;
}

export class SequenceBody implements Sequence {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) org_id: string | null;
  @ApiProperty({ format: 'uuid' }) owner_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [SequenceStepBody] }) steps: SequenceStepBody[];
  @ApiProperty({ type: SequenceEnrollmentCountsBody }) enrollments: SequenceEnrollmentCountsBody;
}

export class SequenceEnrollmentBody implements SequenceEnrollment {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) sequence_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) contact_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) lead_id: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ enum: SEQUENCE_ENROLLMENT_STATUSES }) status: SequenceEnrollmentStatus;
  @ApiProperty({ enum: SEQUENCE_ENROLLMENT_SOURCES }) source: SequenceEnrollmentSource;
  @ApiProperty({ type: Number, nullable: true }) next_step: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_step_at: string | null;
  @ApiProperty({ format: 'date-time' }) enrolled_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) exited_at: string | null;
}

export class SequenceEnrollmentSkipBody {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) contact_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) lead_id: string | null;
  @ApiProperty() reason: string;
}

export class SequenceEnrollmentResultBody implements SequenceEnrollmentResult {
  @ApiProperty() enrolled: number;
  @ApiProperty() moved: number;
  @ApiProperty({ type: [SequenceEnrollmentSkipBody] }) skipped: SequenceEnrollmentSkipBody[];
}
