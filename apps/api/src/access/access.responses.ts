import { ApiProperty } from '@nestjs/swagger';
import {
  ACCESS_LEVELS,
  type AccessControlOrganization,
  type AccessControlResponse,
  type AccessControlUser,
  type AccessLevel,
  type FeatureFlagsResponse,
  type RecentModules,
} from '@tessera/data-access/contracts';
import { InstitutionSummaryBody } from '../institutions/institution.body';

class SsoSignInRequiredBody {
  @ApiProperty({ description: 'The name of the institution’s identity provider, for “Continue with <name>”' })
  name!: string;

  @ApiProperty({ description: 'Where the browser starts the sign-in through that provider' })
  start_url!: string;
}

class AccessControlUserBody implements AccessControlUser {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  role!: string;

  @ApiProperty()
  org_id!: string;
}

class AccessControlOrganizationBody extends InstitutionSummaryBody implements AccessControlOrganization {
  @ApiProperty({ type: [String] })
  modules_included!: string[];
}

class PersonalizationBody {
  @ApiProperty({ type: [String] })
  sidebar_pinned!: string[];

  @ApiProperty({ type: [String] })
  recent_modules!: string[];
}

export class AccessControlBody implements AccessControlResponse {
  @ApiProperty({ type: AccessControlUserBody })
  user!: AccessControlUserBody;

  @ApiProperty({ type: AccessControlOrganizationBody })
  organization!: AccessControlOrganizationBody;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...ACCESS_LEVELS] },
    description: 'Level by module id',
  })
  access_control!: Record<string, AccessLevel>;

  @ApiProperty({ type: PersonalizationBody })
  personalization!: PersonalizationBody;

  @ApiProperty()
  is_super_admin!: boolean;

  @ApiProperty({
    required: false,
    description: 'The institution requires two-factor sign-in and the caller has not turned it on',
  })
  two_factor_setup_required?: boolean;

  @ApiProperty({
    type: SsoSignInRequiredBody,
    nullable: true,
    required: false,
    description:
      'The institution admits only sessions opened through its single sign-on and this one was not (its owners excepted): its routes answer 403',
  })
  sso_sign_in_required?: SsoSignInRequiredBody | null;
}

export class PinnedModulesBody {
  @ApiProperty({ type: [String] })
  sidebar_pinned!: string[];
}

export class RecentModulesBody implements RecentModules {
  @ApiProperty({ type: [String] })
  recent_modules!: string[];
}

export class FeatureFlagsBody implements FeatureFlagsResponse {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'boolean' } })
  flags!: Record<string, boolean>;
}
