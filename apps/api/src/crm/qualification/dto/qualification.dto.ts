import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  QUALIFICATION_STEP_STATUSES,
  QUALIFICATION_STEPS,
  type QualificationStepStatus,
  type SaveQualificationInput,
} from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
  IsObject,
} from 'class-validator';

const STEP_IDS = QUALIFICATION_STEPS.map((step) => step.id);

export class QualificationStepDto {
  @ApiProperty({ enum: STEP_IDS }) @IsIn(STEP_IDS) id: string;
  @ApiProperty({ enum: QUALIFICATION_STEP_STATUSES })
  @IsIn(QUALIFICATION_STEP_STATUSES)
  status: QualificationStepStatus;
  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) notes?: string;
}

export class BantDto {
  @ApiProperty() @IsBoolean() budget: boolean;
  @ApiProperty() @IsBoolean() authority: boolean;
  @ApiProperty() @IsBoolean() need: boolean;
  @ApiProperty() @IsBoolean() timing: boolean;
}

/** The qualification screen's state; steps may be a subset (the others keep their state). */
export class SaveQualificationDto implements SaveQualificationInput {
  @ApiPropertyOptional({ type: [QualificationStepDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(QUALIFICATION_STEPS.length)
  @IsObject({ each: true, message: 'each item of steps must be an object' })
  @ValidateNested({ each: true })
  @Type(() => QualificationStepDto)
  steps?: QualificationStepDto[];

  @ApiPropertyOptional({ type: BantDto })
  @IsOptional()
  @IsObject({ message: 'bant must be an object' })
  @ValidateNested()
  @Type(() => BantDto)
  bant?: BantDto;
}
