import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { InstitutionRole, SsoSettingsInput } from '@tessera/data-access/contracts';
import { isDomainShape, normaliseEmailDomain } from '@tessera/data-access/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';

const JIT_ROLES: InstitutionRole[] = ['admin', 'member', 'viewer'];

@ValidatorConstraint({ name: 'emailDomains' })
class EmailDomains implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      Array.isArray(value) &&
      value.every((domain) => typeof domain === 'string' && isDomainShape(normaliseEmailDomain(domain)))
    );
  }

  defaultMessage(): string {
    return 'each of domains must be an e-mail domain such as example.com';
  }
}

export class SsoSettingsDto implements SsoSettingsInput {
  @ApiProperty({ example: 'Acme Okta', description: 'Shown as “Continue with <name>”' })
  @IsString({ message: 'name is required' })
  @Matches(/\S/, { message: 'name is required' })
  @MaxLength(80, { message: 'name must be at most 80 characters' })
  name: string;

  @ApiProperty({ example: 'https://acme.okta.com' })
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['https', 'http'] },
    { message: 'issuer_url must be a URL' },
  )
  @MaxLength(500)
  issuer_url: string;

  @ApiProperty()
  @IsString({ message: 'client_id is required' })
  @MinLength(1, { message: 'client_id is required' })
  @MaxLength(300)
  client_id: string;

  @ApiPropertyOptional({ description: 'Write-only: required the first time, kept when left out' })
  @IsOptional()
  @IsString({ message: 'client_secret must be text' })
  @MinLength(1, { message: 'client_secret must not be empty' })
  @MaxLength(500)
  client_secret?: string;

  @ApiProperty({ type: [String], example: ['acme.test'] })
  @IsArray({ message: 'domains must be a list' })
  @ArrayMinSize(1, { message: 'domains must name at least one e-mail domain' })
  @ArrayMaxSize(50)
  @Validate(EmailDomains)
  @Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((item) => (typeof item === 'string' ? normaliseEmailDomain(item) : item))
      : value,
  )
  domains: string[];

  @ApiProperty()
  @IsBoolean({ message: 'jit_enabled must be true or false' })
  jit_enabled: boolean;

  @ApiProperty({ enum: JIT_ROLES })
  @IsIn(JIT_ROLES, { message: `jit_role must be one of: ${JIT_ROLES.join(', ')}` })
  jit_role: InstitutionRole;

  @ApiProperty()
  @IsBoolean({ message: 'sso_only must be true or false' })
  sso_only: boolean;
}

export class SsoEmailQueryDto {
  @ApiProperty({ example: 'casey@acme.test' })
  @IsString({ message: 'email is required' })
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email: string;
}
