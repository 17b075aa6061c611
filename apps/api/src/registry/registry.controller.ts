import { Controller, Get, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ModuleCatalogueAnswer, RemoteRegistry } from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import { AccessService } from '../access/access.service';
import { runInTenantContext } from '../access/tenant-context';
import { institutionIdFrom } from '../access/tenant-scope.guard';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { ModuleCatalogue } from './module-catalogue.service';
import { RegistryService } from './registry.service';
import { ModuleCatalogueBody, RemoteRegistryBody } from './registry.responses';

@ApiTags('registry')
@Controller()
export class RegistryController {
  constructor(
    private readonly registry: RegistryService,
    private readonly access: AccessService,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  /** Only the modules the selected institution has and the caller may see (super admins: all). */
  @Get('remotes')
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

  /**
   * Every module of every registered remote: names, categories, routes and submodules for the
   * sidebar, the quick search and the module pages. Which of them someone may open is me-access's
   * answer; what exists is no secret.
   */
  @Get('modules')
  @ApiOkResponse({ type: ModuleCatalogueBody })
  modules(): ModuleCatalogueAnswer {
    return { modules: [...this.catalogue.entries()] };
  }
}
