import { ApiProperty } from '@nestjs/swagger';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tessera/data-access/contracts';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class PasswordResetRequestDto {
  @ApiProperty({ example: 'demo@acme.test' })
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;
}

export class PasswordResetConfirmDto {
  @ApiProperty({ description: 'The token of the e-mailed link' })
  @IsString({ message: 'token is required' })
  @Matches(/\S/, { message: 'token is required' })
  @MaxLength(200, { message: 'token is not a valid link token' })
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString({ message: 'password is required' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  password: string;
}
