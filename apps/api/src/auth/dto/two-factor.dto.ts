import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';

const CODE_SHAPE = /^\s*(\d\s*){6}$/;
const CODE_MESSAGE = 'code must be the 6 digits your authenticator app shows';

/** The first code from the app, proving it holds the secret. */
export class TwoFactorCodeDto {
  @ApiProperty({ example: '123456' })
  @IsString({ message: CODE_MESSAGE })
  @Matches(CODE_SHAPE, { message: CODE_MESSAGE })
  code: string;
}

/** A code from the app, or one of the recovery codes (the code wins when both come). */
export class TwoFactorAnswerDto {
  @ApiPropertyOptional({ example: '123456' })
  @ValidateIf((body: TwoFactorAnswerDto) => body.recovery_code === undefined || body.code !== undefined)
  @IsString({ message: 'code or recovery_code is required' })
  @Matches(CODE_SHAPE, { message: CODE_MESSAGE })
  code?: string;

  @ApiPropertyOptional({ example: 'abcd-efgh-ijkl-mnop' })
  @ValidateIf((body: TwoFactorAnswerDto) => body.recovery_code !== undefined)
  @IsString({ message: 'recovery_code must be text' })
  @MinLength(1, { message: 'recovery_code is required' })
  @MaxLength(64, { message: 'recovery_code is not a recovery code' })
  recovery_code?: string;
}

/** Turning two-factor off: the password and a code, so a session left open is not enough. */
export class DisableTwoFactorDto extends TwoFactorAnswerDto {
  @ApiProperty()
  @IsString({ message: 'password is required' })
  @MinLength(1, { message: 'password is required' })
  @MaxLength(200)
  password: string;
}
