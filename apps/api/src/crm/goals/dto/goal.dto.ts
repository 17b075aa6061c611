import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type CreateGoalInput,
  GOAL_ASSIGNEES,
  GOAL_METRICS,
  GOAL_PERIODS,
  GOAL_TARGET_MAX,
  type GoalAssignee,
  type GoalMetric,
  type GoalPeriod,
  type UpdateGoalInput,
} from '@tessera/data-access/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const oneOf = (field: string, values: readonly string[]) => ({
  message: `${field} must be one of: ${values.join(', ')}`,
});

export class CreateGoalDto implements CreateGoalInput {
  @ApiProperty({ enum: GOAL_ASSIGNEES })
  @IsIn(GOAL_ASSIGNEES, oneOf('assignee', GOAL_ASSIGNEES))
  assignee!: GoalAssignee;

  @ApiPropertyOptional({ format: 'uuid', description: 'A person’s goal: whose (default: you)' })
  @IsOptional()
  @IsUUID()
  user_id?: string;

  @ApiProperty({ enum: GOAL_METRICS })
  @IsIn(GOAL_METRICS, oneOf('metric', GOAL_METRICS))
  metric!: GoalMetric;

  @ApiProperty({ enum: GOAL_PERIODS })
  @IsIn(GOAL_PERIODS, oneOf('period', GOAL_PERIODS))
  period!: GoalPeriod;

  @ApiProperty({ example: '2026-10', description: 'The first month of the period (YYYY-MM)' })
  @Matches(MONTH, { message: 'period_start must be a month as YYYY-MM' })
  period_start!: string;

  @ApiProperty({ minimum: 0.01, maximum: GOAL_TARGET_MAX })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(GOAL_TARGET_MAX)
  target!: number;
}

export class UpdateGoalDto implements UpdateGoalInput {
  @ApiPropertyOptional({ enum: GOAL_METRICS })
  @IsOptional()
  @IsIn(GOAL_METRICS, oneOf('metric', GOAL_METRICS))
  metric?: GoalMetric;

  @ApiPropertyOptional({ enum: GOAL_PERIODS })
  @IsOptional()
  @IsIn(GOAL_PERIODS, oneOf('period', GOAL_PERIODS))
  period?: GoalPeriod;

  @ApiPropertyOptional({ example: '2026-10' })
  @IsOptional()
  @Matches(MONTH, { message: 'period_start must be a month as YYYY-MM' })
  period_start?: string;

  @ApiPropertyOptional({ minimum: 0.01, maximum: GOAL_TARGET_MAX })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(GOAL_TARGET_MAX)
  target?: number;
}

export class GoalListQueryDto {
  @ApiPropertyOptional({ description: 'Only goals whose period is under way' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  current?: boolean;
}
