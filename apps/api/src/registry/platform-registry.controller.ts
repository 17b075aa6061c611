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
} from '@tessera/data-access/contracts';
import { ActsAsSystem } from '../access/tenant-scope';
import { AuditEntryBody } from '../administration/administration.responses';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { SuperAdminGuard } from '../platform/super-admin.guard';
import { CreateDeployTokenDto, RegisterRemoteDto } from './dto/register-remote.dto';
import { CreatedDeployTokenBody, DeployTokenBody, RegisteredRemoteBody } from './registry.responses';
import { RemoteRegistrationService } from './remote-registration.service';

/** Registering remotes and their deploy tokens (docs/module-teams.md): super admins only. */
@ApiTags('platform')
@Controller('platform')
@UseGuards(SuperAdminGuard)
@ActsAsSystem('the registry is platform data; super admins only')
export class PlatformRegistryController {
  constructor(private readonly registration: RemoteRegistrationService) {}

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

  @Get('remotes/:key/audit')
  @ApiOkResponse({ type: [AuditEntryBody] })
  audit(@Param('key') key: string): Promise<AuditEntry[]> {
    return this.registration.auditOf(key);
  }
}
