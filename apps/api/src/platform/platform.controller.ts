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
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PlatformInstitution, RemoteKey, RemoteVersionsOverview } from '@tessera/data-access/contracts';
import { InstitutionModulesService } from '../administration/institution-modules.service';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { NotFoundError } from '../common/domain-errors';
import { REMOTE_KEYS } from '../registry/remote-releases';
import { PinRemoteVersionDto, UpdatePlatformInstitutionDto } from './dto/platform.dto';
import { SetModuleEnabledDto } from '../administration/dto/administration.dto';
import { PlatformService } from './platform.service';
import { SuperAdminGuard } from './super-admin.guard';

function remoteKey(value: string): RemoteKey {
  if (!(REMOTE_KEYS as readonly string[]).includes(value)) throw new NotFoundError('Remote');
  return value as RemoteKey;
}

/** The super admin console (docs/product/platform-console.md): super admins only, 403 for everyone else. */
@ApiTags('platform')
@Controller('platform')
@UseGuards(SuperAdminGuard)
@ActsAsSystem('the platform console spans institutions; super admins only')
export class PlatformController {
  constructor(
    private readonly platform: PlatformService,
    private readonly modules: InstitutionModulesService,
  ) {}

  @Get('institutions')
  institutions(): Promise<PlatformInstitution[]> {
    return this.platform.listInstitutions();
  }

  @Patch('institutions/:id')
  updateInstitution(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdatePlatformInstitutionDto,
  ): Promise<PlatformInstitution> {
    return this.platform.updateInstitution(user, id, body);
  }

  @Put('institutions/:id/modules/:moduleId')
  async setModuleEnabled(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('moduleId') moduleId: string,
    @Body() body: SetModuleEnabledDto,
  ): Promise<IncludedModules> {
    return { modules_included: await this.modules.setModuleEnabled(id, user, moduleId, body.enabled) };
  }

  @Get('remotes')
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
    return this.platform.pin(user, id, remoteKey(remote), body.version);
  }

  @Delete('institutions/:id/remotes/:remote')
  @HttpCode(204)
  unpin(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('remote') remote: string,
  ): Promise<void> {
    return this.platform.unpin(user, id, remoteKey(remote));
  }
}
