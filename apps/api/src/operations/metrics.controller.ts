import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator';
import { NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MetricsService } from './metrics.service';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus scrape endpoint, outside /api. With METRICS_TOKEN set it answers only
 * `Authorization: Bearer <token>`; in production without a token it does not exist (404), so
 * nothing about the process leaks by default. docs/operations.md
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = this.config.metricsToken;
    if (token) {
      const given = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
      if (!sameSecret(given, token)) throw new NotFoundError('Page');
    } else if (this.config.production) {
      throw new NotFoundError('Page');
    }
    reply.header('Content-Type', this.metrics.registry.contentType);
    reply.header('Cache-Control', 'no-store');
    return this.metrics.registry.metrics();
  }
}
