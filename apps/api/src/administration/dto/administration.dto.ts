import { ApiProperty } from '@nestjs/swagger';
import {
  INSTITUTION_ROLES,
  type InstitutionRole,
  STORED_ACCESS_LEVELS,
  type StoredAccessLevel,
} from '@tessera/data-access/contracts';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';

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

export class InvitedSignUpDto {
  @ApiProperty()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @MinLength(8, { message: 'password must be at least 8 characters' })
  @MaxLength(200)
  password: string;

  @ApiProperty()
  @IsString()
  @Matches(/\S/, { message: 'first_name must not be empty' })
  @MaxLength(80)
  first_name: string;

  @ApiProperty()
  @IsString()
  @Matches(/\S/, { message: 'last_name must not be empty' })
  @MaxLength(80)
  last_name: string;
}
