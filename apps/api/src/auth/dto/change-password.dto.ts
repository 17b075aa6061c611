import { ApiProperty } from '@nestjs/swagger';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordChange,
} from '@tessera/data-access/contracts';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class ChangePasswordDto implements PasswordChange {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: 'current_password is required' })
  current_password: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `new_password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  @MaxLength(PASSWORD_MAX_LENGTH)
  new_password: string;
}
