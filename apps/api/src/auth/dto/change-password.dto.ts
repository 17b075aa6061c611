import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class ChangePasswordDto {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: 'current_password is required' })
  current_password: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @MinLength(8, { message: 'new_password must be at least 8 characters' })
  @MaxLength(200)
  new_password: string;
}
