import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';
import { IsNewPassword } from '../../common/new-password.validator';

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

  @IsNewPassword()
  password: string;
}
