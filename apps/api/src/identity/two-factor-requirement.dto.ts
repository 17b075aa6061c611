import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class TwoFactorRequirementDto {
  @ApiProperty({ description: 'Members without two-factor sign-in are refused the institution’s modules' })
  @IsBoolean({ message: 'required must be true or false' })
  required: boolean;
}
