import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_EVENT_TYPES,
  AUTOMATION_MODULE_SOURCES,
  type AutomationActionType,
  type AutomationEventType,
  type AutomationModuleSource,
  CONTACT_STATUSES,
} from '@tessera/data-access/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { RequiredText } from '../../common/required-text';
import { NestedObjects } from '../../common/nested-objects';
import { OptionalIn } from '../../common/optional-in';

export class StageChangeConditionDto {
  @ApiProperty({ enum: CONTACT_STATUSES }) @IsIn(CONTACT_STATUSES) to_stage: string;
  @OptionalIn(CONTACT_STATUSES) from_stage?: string;
}

export class AutomationConditionsDto {
  @ApiProperty({ enum: AUTOMATION_EVENT_TYPES })
  @IsIn(AUTOMATION_EVENT_TYPES)
  event_type: AutomationEventType;

  @ApiPropertyOptional({ type: StageChangeConditionDto })
  @IsOptional()
  @IsObject({ message: 'stage_change must be an object' })
  @ValidateNested()
  @Type(() => StageChangeConditionDto)
  stage_change?: StageChangeConditionDto;
}

export class AutomationActionDto {
  @ApiProperty({ enum: AUTOMATION_ACTION_TYPES }) @IsIn(AUTOMATION_ACTION_TYPES) type: AutomationActionType;

  @ApiPropertyOptional({
    description: 'create_deal: name, amount; create_task: subject, due_in_days; send_email: subject, body',
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional()
  @IsObject()
  config?: Record<string, string | number | boolean | null>;
}

export class CreateAutomationRuleDto {
  @RequiredText(120)
  name: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;

  @ApiPropertyOptional({ enum: AUTOMATION_MODULE_SOURCES, default: 'crm' })
  @MayBeOmitted()
  @IsIn(AUTOMATION_MODULE_SOURCES)
  module_source?: AutomationModuleSource;

  @ApiPropertyOptional({ default: true }) @MayBeOmitted() @IsBoolean() enabled?: boolean;

  @ApiProperty({ type: AutomationConditionsDto })
  @IsObject({ message: 'conditions_json must be an object' })
  @ValidateNested()
  @Type(() => AutomationConditionsDto)
  conditions_json: AutomationConditionsDto;

  @ApiProperty({ type: [AutomationActionDto] })
  @NestedObjects(() => AutomationActionDto, 10)
  actions_json: AutomationActionDto[];
}

export class UpdateAutomationRuleDto extends PartialType(CreateAutomationRuleDto, {
  skipNullProperties: false,
}) {}

export class SetEnabledDto {
  @ApiProperty() @IsBoolean() enabled: boolean;
}

export class AutomationRuleListQueryDto {
  @ApiPropertyOptional({ description: 'Every rule, enabled or not, of every module source (admins only)' })
  @IsOptional()
  @Transform(({ value }) => value === true || value === 'true' || value === '1')
  @IsBoolean()
  all?: boolean;
}
