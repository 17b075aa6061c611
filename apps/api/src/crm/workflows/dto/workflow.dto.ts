import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  type CreateWorkflowInput,
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_TRIGGERS,
  type WorkflowActionType,
  type WorkflowTrigger,
} from '@tessera/data-access/contracts';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { NestedObjects } from '../../common/nested-objects';
import { RequiredText } from '../../common/required-text';

export class WorkflowActionDto {
  @ApiProperty({ enum: WORKFLOW_ACTION_TYPES }) @IsIn(WORKFLOW_ACTION_TYPES) type: WorkflowActionType;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  config?: Record<string, string | number | boolean | null>;
}

export class CreateWorkflowDto implements CreateWorkflowInput {
  @RequiredText(120)
  name: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiProperty({ enum: WORKFLOW_TRIGGERS }) @IsIn(WORKFLOW_TRIGGERS) trigger: WorkflowTrigger;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { min_score: 80 } })
  @MayBeOmitted()
  @IsObject()
  trigger_config?: Record<string, string | number | boolean | null>;

  @ApiPropertyOptional({ type: [WorkflowActionDto] })
  @MayBeOmitted()
  @NestedObjects(() => WorkflowActionDto, 10)
  actions?: WorkflowActionDto[];

  @ApiPropertyOptional({ default: true }) @MayBeOmitted() @IsBoolean() active?: boolean;
}

export class UpdateWorkflowDto extends PartialType(CreateWorkflowDto, { skipNullProperties: false }) {}
