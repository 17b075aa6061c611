import type { IncludedModules } from '@tessera/data-access/contracts';
import { ActsAsSystem } from '../access/tenant-scope';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type {
  PlatformErrorReport,
  PlatformInstitution,
  RemoteVersionsOverview,
} from '@tessera/data-access/contracts';
import { InstitutionModulesService } from '../administration/institution-modules.service';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { PinRemoteVersionDto, UpdatePlatformInstitutionDto } from './dto/platform.dto';
import { SetModuleEnabledDto } from '../administration/dto/administration.dto';
import { PlatformService } from './platform.service';
import {
  PlatformErrorReportQueryDto,
  PlatformErrorReportResponse,
} from '../error-reports/dto/error-report.dto';
import { ErrorReportsService } from '../error-reports/error-reports.service';
import { SuperAdminGuard } from './super-admin.guard';
import { ApiOkResponse } from '@nestjs/swagger';
import { IncludedModulesBody } from '../administration/administration.responses';
import { PlatformInstitutionBody, RemoteVersionsOverviewBody } from './platform.responses';

/** The super admin console (docs/product/platform-console.md): super admins only, 403 for everyone else. */
@ApiTags('platform')
@Controller('platform')
@UseGuards(SuperAdminGuard)
@ActsAsSystem('the platform console spans institutions; super admins only')
export class PlatformController {
  constructor(
    private readonly platform: PlatformService,
    private readonly modules: InstitutionModulesService,
    private readonly errorReports: ErrorReportsService,
  ) {}

  /** docs/product/errors.md: what the screens reported, newest first. */
  @Get('error-reports')
  @ApiResponse({ status: 200, type: [PlatformErrorReportResponse] })
  errorReportsList(@Query() query: PlatformErrorReportQueryDto): Promise<PlatformErrorReport[]> {
    return this.errorReports.listForPlatform(query);
  }

  @Get('institutions')
  @ApiOkResponse({ type: [PlatformInstitutionBody] })
  institutions(): Promise<PlatformInstitution[]> {
    return this.platform.listInstitutions();
  }

  @Patch('institutions/:id')
  @ApiOkResponse({ type: PlatformInstitutionBody })
  updateInstitution(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdatePlatformInstitutionDto,
  ): Promise<PlatformInstitution> {
    return this.platform.updateInstitution(user, id, body);
  }

  @Put('institutions/:id/modules/:moduleId')
  @ApiOkResponse({ type: IncludedModulesBody })
  async setModuleEnabled(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('moduleId') moduleId: string,
    @Body() body: SetModuleEnabledDto,
  ): Promise<IncludedModules> {
    return { modules_included: await this.modules.setModuleEnabled(id, user, moduleId, body.enabled) };
  }

  @Get('remotes')
  @ApiOkResponse({ type: [RemoteVersionsOverviewBody] })
  remotes(): Promise<RemoteVersionsOverview[]> {
    return this.platform.remoteVersions();
  }

  @Put('institutions/:id/remotes/:remote')
  @HttpCode(204)
  pin(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('remote') remote: string,
    @Body() body: PinRemoteVersionDto,
  ): Promise<void> {
    return this.platform.pin(user, id, remote, body.version);
  }

  @Delete('institutions/:id/remotes/:remote')
  @HttpCode(204)
  unpin(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('remote') remote: string,
  ): Promise<void> {
    return this.platform.unpin(user, id, remote);
  }
}
