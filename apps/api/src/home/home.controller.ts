import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { DueList, HomeTileValue, RecentlyViewedRecord } from '@tessera/data-access/contracts';
import { RequireMembership, RequireModuleAccess, Scope, type TenantScope } from '../access/tenant-scope';
import { ApiNoContent } from '../common/api-responses';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { RecentlyViewedService } from '../records/recently-viewed.service';
import { CrmViewDto } from './dto/crm-view.dto';
import { HomeDayQuery } from './dto/home-day.query';
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
    @Query() query: HomeDayQuery,
  ): Promise<HomeTileValue> {
    return this.home.tile(scope, moduleId, tileId, query.tz);
  }

  @Get('due')
  @RequireMembership()
  @ApiResponse({ status: 200, type: DueListResponse })
  async due(
    @Scope() scope: TenantScope,
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: HomeDayQuery,
  ): Promise<DueList> {
    return this.home.due(scope, await this.home.readableModules(user, scope), query.tz);
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

  /** A CRM deal's or company's page was opened: it joins the caller's recently viewed. */
  @Post('recently-viewed')
  @HttpCode(204)
  @RequireModuleAccess('crm', 'read')
  @ApiNoContent()
  async viewedCrm(@Scope() scope: TenantScope, @Body() body: CrmViewDto): Promise<void> {
    await this.recentlyViewed.recordCrm(scope, body.entity, body.id);
  }
}
