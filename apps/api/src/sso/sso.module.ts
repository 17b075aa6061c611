import { Module } from '@nestjs/common';
import { AdministrationModule } from '../administration/administration.module';
import { AuthModule } from '../auth/auth.module';
import { ProviderConfigurations } from './provider-configurations';
import { SsoController, SsoSettingsController } from './sso.controller';
import { SsoSettingsService } from './sso-settings.service';
import { SsoSignInService } from './sso-sign-in.service';

/** Single sign-on with OpenID Connect per institution (docs/adr/0016-identity.md). */
@Module({
  imports: [AuthModule, AdministrationModule],
  controllers: [SsoController, SsoSettingsController],
  providers: [ProviderConfigurations, SsoSettingsService, SsoSignInService],
})
export class SsoModule {}
