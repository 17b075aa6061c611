import { ApiProperty } from '@nestjs/swagger';
import {
  INSTITUTION_ROLES,
  type InstitutionRole,
  STORED_ACCESS_LEVELS,
  type StoredAccessLevel,
} from '@tessera/data-access/contracts';
import { IsBoolean, IsEmail, IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsNewPassword } from '../../common/new-password.validator';

export class SetModuleEnabledDto {
  @ApiProperty()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled: boolean;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: INSTITUTION_ROLES })
  @IsIn(INSTITUTION_ROLES, { message: `role must be one of: ${INSTITUTION_ROLES.join(', ')}` })
  role: InstitutionRole;
}

export class SetModuleLevelDto {
  @ApiProperty({ enum: STORED_ACCESS_LEVELS, nullable: true, description: 'null: back to the role default' })
  @ValidateIf((_, value) => value !== null)
  @IsIn(STORED_ACCESS_LEVELS, {
    message: `level must be one of: ${STORED_ACCESS_LEVELS.join(', ')}, or null`,
  })
  level: StoredAccessLevel | null;
}

export class InviteMemberDto {
  @ApiProperty({ example: 'casey@acme.test' })
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ enum: INSTITUTION_ROLES })
  @IsIn(INSTITUTION_ROLES, { message: `role must be one of: ${INSTITUTION_ROLES.join(', ')}` })
  role: InstitutionRole;
}

export class InvitationTokenDto {
  @ApiProperty({ description: 'The token of the e-mailed invitation link' })
  @IsString({ message: 'token is required' })
  @Matches(/\S/, { message: 'token is required' })
  @MaxLength(200, { message: 'token is not a valid link token' })
  token: string;
}

/** Sign-up through an invitation link: the e-mail is the invitation's, so none is accepted here. */
export class InvitedSignUpDto extends InvitationTokenDto {
  @IsNewPassword()
  password: string;

  @ApiProperty()
  @IsString({ message: 'first_name is required' })
  @Matches(/\S/, { message: 'first_name must not be empty' })
  @MaxLength(80, { message: 'first_name must be at most 80 characters' })
  first_name: string;

  @ApiProperty()
  @IsString({ message: 'last_name is required' })
  @Matches(/\S/, { message: 'last_name must not be empty' })
  @MaxLength(80, { message: 'last_name must be at most 80 characters' })
  last_name: string;
}
