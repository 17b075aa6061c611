import { ApiProperty } from '@nestjs/swagger';
import {
  SETTABLE_FORECAST_CATEGORIES,
  type SetForecastCategoryInput,
  type SettableForecastCategory,
} from '@tessera/data-access/contracts';
import { IsIn, Matches } from 'class-validator';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `?from=YYYY-MM&to=YYYY-MM`; the span is checked by the service (forecastRangeErrors). */
export class ForecastQueryDto {
  @ApiProperty({ example: '2026-11', pattern: MONTH.source })
  @Matches(MONTH, { message: 'from must be a month as YYYY-MM' })
  from!: string;

  @ApiProperty({ example: '2027-01', pattern: MONTH.source })
  @Matches(MONTH, { message: 'to must be a month as YYYY-MM' })
  to!: string;
}

export class SetForecastCategoryDto implements SetForecastCategoryInput {
  @ApiProperty({ enum: SETTABLE_FORECAST_CATEGORIES })
  @IsIn(SETTABLE_FORECAST_CATEGORIES, {
    message: `forecast_category must be one of: ${SETTABLE_FORECAST_CATEGORIES.join(', ')} (closed follows from winning the deal)`,
  })
  forecast_category!: SettableForecastCategory;
}
