import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { LIVE_EVENTS_INSTITUTION_PARAM, ssoSessionRequiredMessage } from '@tessera/data-access/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ssoSessionMissing } from '../access/access-decisions';
import { AccessService } from '../access/access.service';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { ForbiddenError, InvalidInputError } from '../common/domain-errors';
import { LiveStreams } from './live-streams.service';
import { ApiFile } from '../common/api-responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('live updates')
@Controller('events')
export class EventsController {
  constructor(
    private readonly access: AccessService,
    private readonly streams: LiveStreams,
  ) {}

  /**
   * Server-sent events of one institution: other people's changes to deals, contacts and records
   * the caller may read. EventSource cannot send headers, so the institution is a query parameter,
   * checked as the tenant guard checks X-Institution-Id.
   */
  @Get()
  @ApiOperation({ summary: 'Live changes of an institution (text/event-stream)' })
  @ApiQuery({ name: LIVE_EVENTS_INSTITUTION_PARAM, required: true })
  @ApiProduces('text/event-stream')
  @ApiFile(
    'text/event-stream',
    'Server-sent events: one `data:` line of JSON (a LiveEvent) per change, and keep-alive comments',
  )
  async stream(
    @CurrentUser() user: AuthenticatedUser,
    @Query(LIVE_EVENTS_INSTITUTION_PARAM) institutionId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!institutionId) throw new InvalidInputError(`${LIVE_EVENTS_INSTITUTION_PARAM} is required`);
    if (!UUID.test(institutionId))
      throw new InvalidInputError(`${LIVE_EVENTS_INSTITUTION_PARAM} must be a UUID`);
    const access = await this.access.institutionAccess(user, institutionId.toLowerCase());
    if (!access) throw new ForbiddenError('You are not a member of this institution');
    if (access.institution.status === 'suspended' && !user.isSuperAdmin) {
      throw new ForbiddenError('This institution is suspended. Contact your administrator.');
    }
    // The institution's changes reach only sessions that may enter it (tenant-scope.guard.ts).
    if (access.ssoOnly && ssoSessionMissing(access, user)) {
      throw new ForbiddenError(ssoSessionRequiredMessage(access.institution.name, access.ssoOnly.name));
    }
    reply.hijack();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (typeof value === 'string') headers[name] = value;
    }
    this.streams.open(user, access, reply.raw, headers, Boolean(request.headers['last-event-id']));
  }
}
