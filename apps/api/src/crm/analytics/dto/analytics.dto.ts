import { ApiPropertyOptional } from '@nestjs/swagger';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@tessera/data-access/contracts';
import { IsDateString, IsIn, IsOptional } from 'class-validator';

/** A start–end range, or one of the screen's periods ending now (default last_30_days). */
export class AnalyticsQueryDto {
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateString() start?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateString() end?: string;
  @ApiPropertyOptional({ enum: ANALYTICS_PERIODS })
  @IsOptional()
  @IsIn(ANALYTICS_PERIODS)
  period?: AnalyticsPeriod;
}
