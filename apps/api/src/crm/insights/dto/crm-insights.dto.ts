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

const SCORE_BANDS: ScoreBand[] = ['high', 'medium', 'low'];

/** The Enhanced CRM page's filter panel (docs/product/crm.md#filters), as every CRM insights query takes it. */
export class CrmFiltersQueryDto implements CrmReportFilters {
  @ApiPropertyOptional({ enum: FILTER_SEGMENTS })
  @IsOptional()
  @IsIn(FILTER_SEGMENTS)
  segment?: FilterSegment;
  @ApiPropertyOptional({ enum: FILTER_SOURCES }) @IsOptional() @IsIn(FILTER_SOURCES) source?: FilterSource;
  @ApiPropertyOptional({ enum: LEAD_STAGES }) @IsOptional() @IsIn(LEAD_STAGES) stage?: LeadStage;
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
