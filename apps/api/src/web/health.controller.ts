import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator';
import { type Readiness, ReadinessService } from '../operations/readiness.service';
import { ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { HealthBody, ReadinessBody } from './health.responses';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: HealthBody })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The process is up and answering; says nothing about its dependencies (a liveness probe). */
  @Public()
  @Get('live')
  @ApiOkResponse({ type: HealthBody })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Should this process get traffic: database reachable, migrations applied, job queue running. */
  @Public()
  @Get('ready')
  @ApiResponse({ status: 200, type: ReadinessBody, description: 'Ready for traffic' })
  @ApiResponse({
    status: 503,
    type: ReadinessBody,
    description: 'Not ready: the checks say which part is missing',
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness & { status: string }> {
    const readiness = await this.readiness.check();
    reply.status(readiness.ready ? 200 : 503);
    reply.header('Cache-Control', 'no-store');
    return { status: readiness.ready ? 'ready' : 'not ready', ...readiness };
  }
}
