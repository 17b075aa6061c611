import { ApiProperty } from '@nestjs/swagger';
import type {
  InstitutionRole,
  SsoDiscovery,
  SsoSettings,
  SsoSettingsAnswer,
} from '@tessera/data-access/contracts';

export class SsoSettingsBody implements SsoSettings {
  @ApiProperty()
  name!: string;

  @ApiProperty()
  issuer_url!: string;

  @ApiProperty()
  client_id!: string;

  @ApiProperty({ description: 'The secret itself is never answered' })
  has_client_secret!: boolean;

  @ApiProperty({ type: [String] })
  domains!: string[];

  @ApiProperty()
  jit_enabled!: boolean;

  @ApiProperty({ enum: ['admin', 'member', 'viewer'] })
  jit_role!: InstitutionRole;

  @ApiProperty()
  sso_only!: boolean;
}

export class SsoSettingsAnswerBody implements SsoSettingsAnswer {
  @ApiProperty({ type: SsoSettingsBody, nullable: true, description: 'null until single sign-on is set up' })
  sso!: SsoSettingsBody | null;

  @ApiProperty({ description: 'Register this redirect URI with the provider' })
  redirect_uri!: string;
}

class SsoOptionBody {
  @ApiProperty({ example: 'Acme Okta' })
  name!: string;

  @ApiProperty({ example: '/api/auth/sso/start?email=casey%40acme.test' })
  start_url!: string;

  @ApiProperty()
  sso_only!: boolean;
}

export class SsoDiscoveryBody implements SsoDiscovery {
  @ApiProperty({ type: SsoOptionBody, nullable: true })
  sso!: SsoOptionBody | null;
}
