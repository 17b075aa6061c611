import { Controller, Get, Param } from '@nestjs/common';
import { ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { DueList, HomeTileValue, RecentlyViewedRecord } from '@tessera/data-access/contracts';
import { RequireMembership, RequireModuleAccess, Scope, type TenantScope } from '../access/tenant-scope';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { RecentlyViewedService } from '../records/recently-viewed.service';
import { DueListResponse, HomeTileValueResponse, RecentlyViewedRecordResponse } from './dto/home.responses';
import { HomeService } from './home.service';

/** The workspace home of the institution in X-Institution-Id (docs/product/home.md). */
@ApiTags('home')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('home')
export class HomeController {
  constructor(
    private readonly home: HomeService,
    private readonly recentlyViewed: RecentlyViewedService,
  ) {}

  /** One KPI tile: each is its own request, so one failing leaves the others standing. */
  @Get('modules/:moduleId/tiles/:tileId')
  @RequireModuleAccess({ param: 'moduleId' }, 'read')
  @ApiResponse({ status: 200, type: HomeTileValueResponse })
  tile(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('tileId') tileId: string,
  ): Promise<HomeTileValue> {
    return this.home.tile(scope, moduleId, tileId);
  }

  @Get('due')
  @RequireMembership()
  @ApiResponse({ status: 200, type: DueListResponse })
  async due(@Scope() scope: TenantScope, @CurrentUser() user: AuthenticatedUser): Promise<DueList> {
    return this.home.due(scope, await this.home.readableModules(user, scope));
  }

  @Get('recently-viewed')
  @RequireMembership()
  @ApiResponse({ status: 200, type: [RecentlyViewedRecordResponse] })
  async recent(
    @Scope() scope: TenantScope,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<RecentlyViewedRecord[]> {
    return this.recentlyViewed.latest(scope, await this.home.readableModules(user, scope));
  }
}
