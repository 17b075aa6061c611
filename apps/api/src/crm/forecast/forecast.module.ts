import { Module } from '@nestjs/common';
import { ForecastController } from './forecast.controller';
import { ForecastService } from './forecast.service';
import { ForecastSnapshotsService } from './forecast-snapshots.service';

/** The sales forecast: GET /api/crm/forecast, its CSV, a deal's category, and the monthly snapshot job. */
@Module({
  controllers: [ForecastController],
  providers: [ForecastService, ForecastSnapshotsService],
  exports: [ForecastSnapshotsService],
})
export class ForecastModule {}
