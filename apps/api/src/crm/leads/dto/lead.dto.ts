import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  BUDGET_RANGES,
  type BudgetRange,
  type CaptureLeadInput,
  COMPANY_SIZES,
  type CompanySize,
  type CreateLeadInput,
  FILTER_SOURCES,
  type FilterSource,
  INDUSTRIES,
  type Industry,
  LEAD_SOURCES,
  LEAD_STAGES,
  LEAD_STATUSES,
  type LeadListQuery,
  type LeadSource,
  type LeadStage,
  type LeadStatus,
  type Timeline,
  TIMELINES,
} from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { PaginationQueryDto } from '../../common/pagination.dto';
import { RequiredText } from '../../common/required-text';
import { OptionalIn } from '../../common/optional-in';
import { OptionalScore } from '../../common/optional-score';

/** Fields of a lead a person types (docs/product/leads.md); scores and qualification are the server's. */
class LeadFieldsDto {
  @RequiredText(100)
  first_name: string;

  @RequiredText(100)
  last_name: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) company?: string;
  @ApiPropertyOptional({ description: 'Job title' })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  position?: string;

  @OptionalIn(LEAD_SOURCES) lead_source?: LeadSource;
  @OptionalIn(FILTER_SOURCES) source?: FilterSource;
  @ApiPropertyOptional({ example: 'https://example.com' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  website?: string;
  @OptionalIn(INDUSTRIES) industry?: Industry;
  @OptionalIn(COMPANY_SIZES) company_size?: CompanySize;
  @OptionalIn(BUDGET_RANGES) budget_range?: BudgetRange;
  @OptionalIn(TIMELINES) timeline?: Timeline;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) pain_points?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) notes?: string;
  @ApiPropertyOptional({ enum: LEAD_STAGES }) @MayBeOmitted() @IsIn(LEAD_STAGES) stage?: LeadStage;
  @ApiPropertyOptional({ enum: LEAD_STATUSES }) @MayBeOmitted() @IsIn(LEAD_STATUSES) status?: LeadStatus;

  @ApiPropertyOptional({ minimum: 0, maximum: 100 })
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  @Max(100)
  lead_score?: number;
}

export class CreateLeadDto extends LeadFieldsDto implements CreateLeadInput {
  @ApiPropertyOptional({ format: 'email' })
  @IsOptional()
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254)
  email?: string;
}

export class UpdateLeadDto extends PartialType(CreateLeadDto, { skipNullProperties: false }) {}

/** The Smart Lead Capture form: first name, last name and email are required (docs/product/leads.md#smart-lead-capture). */
export class CaptureLeadDto extends LeadFieldsDto implements CaptureLeadInput {
  @ApiProperty({ format: 'email' })
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254)
  email: string;
}

export class LeadListQueryDto extends PaginationQueryDto implements LeadListQuery {
  @OptionalIn(LEAD_STAGES) stage?: LeadStage;

  @ApiPropertyOptional({
    enum: [...new Set([...FILTER_SOURCES, ...LEAD_SOURCES])],
    description: 'Matches lead_source or source',
  })
  @IsOptional()
  @IsIn([...new Set([...FILTER_SOURCES, ...LEAD_SOURCES])])
  source?: string;

  @OptionalScore('query') min_score?: number;

  @OptionalScore('query') max_score?: number;
}

export class HighScoringQueryDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 70 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100)
  min?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class LeadStageParamDto {
  @ApiProperty({ enum: LEAD_STAGES }) @IsIn(LEAD_STAGES) stage: LeadStage;
}
