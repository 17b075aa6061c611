import { Module } from '@nestjs/common';
import { AdministrationModule } from '../administration/administration.module';
import { AuthModule } from '../auth/auth.module';
import { IdentityAdministrationController, IdentityController } from './identity.controller';
import { IdentityService } from './identity.service';

/**
 * Sessions a person can see and end, two-factor sign-in, and what administrators decide about
 * both. Apart from AuthModule because its changes are audited, and the audit log lives with
 * administration (which itself needs AuthModule).
 */
@Module({
  imports: [AuthModule, AdministrationModule],
  controllers: [IdentityController, IdentityAdministrationController],
  providers: [IdentityService],
})
export class IdentityModule {}
