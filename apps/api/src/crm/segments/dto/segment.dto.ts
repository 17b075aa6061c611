import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { LEAD_SOURCES, LEAD_STAGES, type LeadSource, type LeadStage } from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
  IsObject,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { RequiredText } from '../../common/required-text';
import { OptionalIn } from '../../common/optional-in';
import { OptionalScore } from '../../common/optional-score';

export class SegmentCriteriaDto {
  @OptionalScore() min_score?: number;
  @OptionalScore() max_score?: number;
  @OptionalIn(LEAD_STAGES) stage?: LeadStage;
  @OptionalIn(LEAD_SOURCES) lead_source?: LeadSource;
}

export class CreateSegmentDto {
  @RequiredText(120)
  name: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;

  @ApiPropertyOptional({ type: SegmentCriteriaDto })
  @MayBeOmitted()
  @IsObject({ message: 'criteria must be an object' })
  @ValidateNested()
  @Type(() => SegmentCriteriaDto)
  criteria?: SegmentCriteriaDto;

  @ApiPropertyOptional({ minimum: 0, description: 'Stored baseline count' })
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  lead_count?: number;

  @ApiPropertyOptional({ example: 'green' })
  @MayBeOmitted()
  @Matches(/^[a-z][a-z0-9-]{0,30}$/, { message: 'colour must be a colour name such as green or red-500' })
  colour?: string;
}

export class UpdateSegmentDto extends PartialType(CreateSegmentDto, { skipNullProperties: false }) {}
