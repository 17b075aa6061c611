import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  UseGuards,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type {
  AuditEntry,
  CreatedDeployToken,
  DeployTokenSummary,
  RegisteredRemote,
  RemovedRelease,
} from '@tessera/data-access/contracts';
import { ActsAsSystem } from '../access/tenant-scope';
import { AuditEntryBody } from '../administration/administration.responses';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { SuperAdminGuard } from '../platform/super-admin.guard';
import { CreateDeployTokenDto, RegisterRemoteDto } from './dto/register-remote.dto';
import { InvalidInputError } from '../common/domain-errors';
import {
  CreatedDeployTokenBody,
  DeployTokenBody,
  RegisteredRemoteBody,
  RemovedReleaseBody,
} from './registry.responses';
import { RemoteRegistrationService } from './remote-registration.service';
import { RemoteReleasesService, VERSION_PATTERN } from './remote-releases';

/** Registering remotes and their deploy tokens (docs/module-teams.md): super admins only. */
@ApiTags('platform')
@Controller('platform')
@UseGuards(SuperAdminGuard)
@ActsAsSystem('the registry is platform data; super admins only')
export class PlatformRegistryController {
  constructor(
    private readonly registration: RemoteRegistrationService,
    private readonly releases: RemoteReleasesService,
  ) {}

  @Get('registry')
  @ApiOkResponse({ type: [RegisteredRemoteBody] })
  registry(): Promise<RegisteredRemote[]> {
    return this.registration.list();
  }

  @Post('remotes')
  @HttpCode(201)
  @ApiCreatedResponse({ type: RegisteredRemoteBody })
  register(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: RegisterRemoteDto,
  ): Promise<RegisteredRemote> {
    return this.registration.register(user, body);
  }

  @Post('remotes/:key/deploy-tokens')
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatedDeployTokenBody })
  createToken(
    @CurrentUser() user: AuthenticatedUser,
    @Param('key') key: string,
    @Body() body: CreateDeployTokenDto,
  ): Promise<CreatedDeployToken> {
    return this.registration.createToken(user, key, body.name);
  }

  @Get('remotes/:key/deploy-tokens')
  @ApiOkResponse({ type: [DeployTokenBody] })
  tokens(@Param('key') key: string): Promise<DeployTokenSummary[]> {
    return this.registration.tokens(key);
  }

  @Delete('remotes/:key/deploy-tokens/:id')
  @HttpCode(204)
  revoke(
    @CurrentUser() user: AuthenticatedUser,
    @Param('key') key: string,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<void> {
    return this.registration.revokeToken(user, key, id);
  }

  /** An old release: not the latest, pinned by no institution (409 with the reason otherwise). */
  @Delete('remotes/:key/releases/:version')
  @ApiOkResponse({ type: RemovedReleaseBody })
  removeRelease(
    @CurrentUser() user: AuthenticatedUser,
    @Param('key') key: string,
    @Param('version') version: string,
  ): Promise<RemovedRelease> {
    if (!VERSION_PATTERN.test(version))
      throw new InvalidInputError(`version ${version} is not a version number`);
    return this.releases.remove(user, key, version);
  }

  @Get('remotes/:key/audit')
  @ApiOkResponse({ type: [AuditEntryBody] })
  audit(@Param('key') key: string): Promise<AuditEntry[]> {
    return this.registration.auditOf(key);
  }
}
