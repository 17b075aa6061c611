import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { AdministrationModule } from '../administration/administration.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BUILT_IN_REMOTES } from '@tessera/data-access/contracts';
import { PlatformRegistryController } from './platform-registry.controller';
import { RegistryController } from './registry.controller';
import { RegistryService } from './registry.service';
import { ReleasesController } from './releases.controller';
import { registerReleaseFiles } from './release-files';
import { RemotePinEntity } from './remote-pin.entity';
import { RemoteRegistrationService } from './remote-registration.service';
import { RemoteReleasesService } from './remote-releases';

@Module({
  imports: [TypeOrmModule.forFeature([RemotePinEntity]), AdministrationModule],
  controllers: [RegistryController, ReleasesController, PlatformRegistryController],
  providers: [RegistryService, RemoteReleasesService, RemoteRegistrationService],
  exports: [RegistryService, RemoteReleasesService, RemoteRegistrationService],
})
export class RegistryModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly releases: RemoteReleasesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every process serves every stored release: the files are in PostgreSQL, not on its disk. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    registerReleaseFiles(
      fastify,
      this.releases,
      this.config.allowedOrigins,
      // The built-in remotes' workspace builds are served under /remotes/<key>/ (web/static-web.ts).
      BUILT_IN_REMOTES.map((remote) => `/remotes/${remote.key}/`),
    );
  }
}
