import { ApiPropertyOptional } from '@nestjs/swagger';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@tessera/data-access/contracts';
import { IsDateString, IsOptional } from 'class-validator';
import { OptionalIn } from '../../common/optional-in';

/** A start–end range, or one of the screen's periods ending now (default last_30_days). */
export class AnalyticsQueryDto {
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateString() start?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateString() end?: string;
  @OptionalIn(ANALYTICS_PERIODS) period?: AnalyticsPeriod;
}
