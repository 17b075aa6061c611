import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { SEQUENCE_LIMITS, SEQUENCE_STEP_TYPES, type SequenceStepType } from '@tessera/data-access/contracts';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { NestedObjects } from '../../common/nested-objects';
import { RequiredText } from '../../common/required-text';

export class SequenceStepDto {
  @ApiProperty({ enum: SEQUENCE_STEP_TYPES }) @IsIn(SEQUENCE_STEP_TYPES) type: SequenceStepType;

  @ApiPropertyOptional({ description: 'email: the subject (merge fields allowed); task: what to do' })
  @IsOptional()
  @IsString()
  @MaxLength(SEQUENCE_LIMITS.subject)
  subject?: string | null;

  @ApiPropertyOptional({ description: 'email: the message (merge fields allowed); task: details' })
  @IsOptional()
  @IsString()
  @MaxLength(SEQUENCE_LIMITS.body)
  body?: string | null;

  @ApiPropertyOptional({ description: 'wait: how many days', minimum: 1, maximum: SEQUENCE_LIMITS.waitDays })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SEQUENCE_LIMITS.waitDays)
  days?: number | null;

  @ApiPropertyOptional({ description: 'wait: count Monday to Friday only' })
  @IsOptional()
  @IsBoolean()
  business_days?: boolean | null;
}

export class CreateSequenceDto {
  @RequiredText(SEQUENCE_LIMITS.name)
  name: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string | null;

  @ApiProperty({ type: [SequenceStepDto] })
  @ArrayMinSize(1, { message: 'A sequence needs at least one step' })
  @NestedObjects(() => SequenceStepDto, SEQUENCE_LIMITS.steps)
  steps: SequenceStepDto[];
}

export class UpdateSequenceDto extends PartialType(CreateSequenceDto, { skipNullProperties: false }) {}

export class EnrollInSequenceDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(SEQUENCE_LIMITS.enrollAtOnce)
  @IsUUID('all', { each: true })
  contact_ids?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(SEQUENCE_LIMITS.enrollAtOnce)
  @IsUUID('all', { each: true })
  lead_ids?: string[];

  @ApiPropertyOptional({ format: 'uuid', description: 'Every lead the segment matches now' })
  @IsOptional()
  @IsUUID()
  segment_id?: string;
}
