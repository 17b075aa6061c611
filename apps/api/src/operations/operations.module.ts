import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { ReadinessService } from './readiness.service';

/** Health, metrics and draining: what an operator and a load balancer ask of every process. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, ReadinessService],
  exports: [MetricsService, ReadinessService],
})
export class OperationsModule {}
