import { ApiProperty } from '@nestjs/swagger';
import type { PasswordChange } from '@tessera/data-access/contracts';
import { IsString, MinLength } from 'class-validator';
import { IsNewPassword } from '../../common/new-password.validator';

export class ChangePasswordDto implements PasswordChange {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: 'current_password is required' })
  current_password: string;

  @IsNewPassword()
  new_password: string;
}
