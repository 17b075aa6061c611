import { ApiProperty } from '@nestjs/swagger';
import {
  GOAL_ASSIGNEES,
  GOAL_METRICS,
  GOAL_PACES,
  GOAL_PERIODS,
  type GoalAssignee,
  type GoalMetric,
  type GoalPace,
  type GoalPeriod,
  type GoalProgressFigures,
  type SalesGoal,
} from '@tessera/data-access/contracts';

export class GoalProgressBody implements GoalProgressFigures {
  @ApiProperty() actual!: number;
  @ApiProperty() percent!: number;
  @ApiProperty() expected!: number;
  @ApiProperty({ enum: GOAL_PACES }) pace!: GoalPace;
  @ApiProperty() achieved!: boolean;
}

export class SalesGoalBody implements SalesGoal {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) org_id!: string | null;
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty({ enum: GOAL_ASSIGNEES }) assignee!: GoalAssignee;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) user_id!: string | null;
  @ApiProperty() assignee_name!: string;
  @ApiProperty({ enum: GOAL_METRICS }) metric!: GoalMetric;
  @ApiProperty({ enum: GOAL_PERIODS }) period!: GoalPeriod;
  @ApiProperty({ example: '2026-10' }) period_start!: string;
  @ApiProperty({ example: 'Q4 2026' }) period_label!: string;
  @ApiProperty() target!: number;
  @ApiProperty({ type: GoalProgressBody }) progress!: GoalProgressBody;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}
