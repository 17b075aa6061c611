import { Body, Controller, Get, Post, Put, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { AccessControlResponse, RecentModules } from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { AccessService } from './access.service';
import { RecordRecentModuleDto, UpdatePinnedDto } from './dto/pinned.dto';
import { institutionIdFrom } from './tenant-scope.guard';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { AccessControlBody, PinnedModulesBody, RecentModulesBody } from './access.responses';

/** docs/product/access.md#the-access-control-response-me-access keeps the access-control function at its original path, outside /api. */
@ApiTags('access')
@Controller('functions/v1')
export class MeAccessController {
  constructor(private readonly access: AccessService) {}

  @Get('me-access')
  @ApiOkResponse({ type: AccessControlBody })
  @ApiHeader({ name: 'X-Institution-Id', required: false })
  @ApiHeader({
    name: 'apikey',
    required: false,
    description: 'The anonymous API key (docs/product/access.md#the-access-control-response-me-access)',
  })
  meAccess(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<AccessControlResponse> {
    return this.access.meAccess(user, institutionIdFrom(request));
  }
}

@ApiTags('access')
@Controller('access')
export class PersonalisationController {
  constructor(private readonly access: AccessService) {}

  @Put('pinned')
  @ApiOkResponse({ type: PinnedModulesBody })
  async setPinned(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdatePinnedDto,
  ): Promise<{ sidebar_pinned: string[] }> {
    return { sidebar_pinned: await this.access.setPinned(user.id, body.sidebar_pinned) };
  }

  @Post('recent')
  @ApiCreatedResponse({ type: RecentModulesBody })
  async recordRecent(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: RecordRecentModuleDto,
  ): Promise<RecentModules> {
    return { recent_modules: await this.access.recordRecentModule(user.id, body.module_id) };
  }
}
