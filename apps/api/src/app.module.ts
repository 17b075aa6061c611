import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { bindDataSourceToTenantContext } from './access/tenant-connection';
import { AccessModule } from './access/access.module';
import { TenantScopeGuard } from './access/tenant-scope.guard';
import { AuthModule } from './auth/auth.module';
import { CredentialThrottleGuard } from './auth/credential-throttle.guard';
import { SessionGuard } from './auth/session.guard';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { DOMAIN_MODULES } from './domain-modules';
import { FeatureFlagsModule } from './feature-flags/feature-flags.module';
import { InstitutionsModule } from './institutions/institutions.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { JobsModule } from './jobs/jobs.module';
import { LiveUpdatesModule } from './live-updates/live-updates.module';
import { MailModule } from './mail/mail.module';
import { OperationsModule } from './operations/operations.module';
import { RegistryModule } from './registry/registry.module';
import { HealthController } from './web/health.controller';

@Module({})
export class AppModule {
  /** `databaseUrl` is resolved before Nest starts (PostgreSQL, or the embedded PGlite socket). */
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            // The tenant pool logs in as the runtime role; the owner's URL is for migrations only.
            ...dataSourceOptions(config.databaseLogins?.runtime ?? databaseUrl, config.databasePoolSize, {
              statementTimeoutMs: config.statementTimeoutMs,
              applicationName: config.instanceName ?? 'tessera-api',
            }),
            autoLoadEntities: true,
            migrationsRun: false,
          }),
          // Bound before any provider's first query: nothing runs as the bare login (tenant-connection.ts).
          dataSourceFactory: async (options) => {
            if (!options) throw new Error('No data source options');
            const dataSource = await new DataSource(options).initialize();
            const logins = config.databaseLogins;
            bindDataSourceToTenantContext(
              dataSource,
              logins
                ? {
                    url: logins.allTenants,
                    // Smaller than the tenant pool: jobs and the platform console, not every request.
                    poolSize: Math.max(2, Math.ceil(config.databasePoolSize / 2)),
                    session: {
                      statementTimeoutMs: config.statementTimeoutMs,
                      applicationName: `${config.instanceName ?? 'tessera-api'} (all tenants)`,
                    },
                  }
                : null,
            );
            return dataSource;
          },
        }),
        JobsModule,
        OperationsModule,
        MailModule,
        AuthModule,
        AccessModule,
        InstitutionsModule,
        RegistryModule,
        FeatureFlagsModule,
        LiveUpdatesModule,
        IntegrationsModule,
        ...DOMAIN_MODULES,
      ],
      controllers: [HealthController],
      providers: [
        // Order matters: how often this account was tried, who is calling, then what they may touch.
        { provide: APP_GUARD, useExisting: CredentialThrottleGuard },
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_GUARD, useClass: TenantScopeGuard },
      ],
    };
  }
}
