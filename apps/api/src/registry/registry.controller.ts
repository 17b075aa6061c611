import { Controller, Get, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { RemoteRegistry } from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import { AccessService } from '../access/access.service';
import { runInTenantContext } from '../access/tenant-context';
import { institutionIdFrom } from '../access/tenant-scope.guard';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { RegistryService } from './registry.service';
import { ApiOkResponse } from '@nestjs/swagger';
import { RemoteRegistryBody } from './registry.responses';

@ApiTags('registry')
@Controller('remotes')
export class RegistryController {
  constructor(
    private readonly registry: RegistryService,
    private readonly access: AccessService,
  ) {}

  /** Only the modules the selected institution has and the caller may see (super admins: all). */
  @Get()
  @ApiOkResponse({ type: RemoteRegistryBody })
  @ApiHeader({ name: 'X-Institution-Id', required: false })
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<RemoteRegistry> {
    const access = await this.access.moduleVisibility(user, institutionIdFrom(request));
    // Without the header the workspace is the caller's default institution: its pins apply.
    return runInTenantContext({ institutionId: access.organization.id, userId: user.id }, () =>
      this.registry.registryFor(access),
    );
  }
}
