import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type CrmReportFilters,
  FILTER_SEGMENTS,
  FILTER_SOURCES,
  type FilterSegment,
  type FilterSource,
  LEAD_STAGES,
  type LeadStage,
  type ScoreBand,
  type SmartLeadsParams,
} from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { OptionalIn } from '../../common/optional-in';

const SCORE_BANDS: ScoreBand[] = ['high', 'medium', 'low'];

/** The filters the CRM screens share (segment, source, stage): every read below takes them. */
export class CrmFiltersQueryDto implements CrmReportFilters {
  @OptionalIn(FILTER_SEGMENTS) segment?: FilterSegment;
  @OptionalIn(FILTER_SOURCES) source?: FilterSource;
  @OptionalIn(LEAD_STAGES) stage?: LeadStage;
}

/** The filters alone, as the read models take them. */
export function crmFilters({ segment, source, stage }: CrmFiltersQueryDto): CrmFiltersQueryDto {
  return { segment, source, stage };
}

export class SmartLeadsQueryDto extends CrmFiltersQueryDto implements SmartLeadsParams {
  @ApiPropertyOptional({ description: 'Matches name, email or company' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({ enum: SCORE_BANDS, description: 'The segment dropdown (segments 1, 2, 3)' })
  @IsOptional()
  @IsIn(SCORE_BANDS)
  band?: ScoreBand;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}

export class ReportQueryDto extends CrmFiltersQueryDto {
  @ApiPropertyOptional({ enum: ANALYTICS_PERIODS, default: 'last_30_days' })
  @IsOptional()
  @IsIn(ANALYTICS_PERIODS)
  period?: AnalyticsPeriod;
}

export class InsightsQueryDto extends CrmFiltersQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 365, default: 14, description: 'Days without activity' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(365)
  stale_days?: number;
}
