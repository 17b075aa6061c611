import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  IsObject,
} from 'class-validator';

export class PaymentCardDto {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString()
  @Matches(/^[\d\s-]{12,23}$/, { message: 'card number must be 12 to 19 digits' })
  number: string;

  @ApiProperty({ minimum: 1, maximum: 12 })
  @IsInt({ message: 'exp_month must be a whole number' })
  @Min(1, { message: 'exp_month must be 1 to 12' })
  @Max(12, { message: 'exp_month must be 1 to 12' })
  exp_month: number;

  @ApiProperty({ example: 2030 })
  @IsInt({ message: 'exp_year must be a whole number' })
  @Min(2000, { message: 'exp_year must be a four-digit year' })
  @Max(2100, { message: 'exp_year must be a four-digit year' })
  exp_year: number;

  @ApiProperty({ example: '123' })
  @IsString()
  @Matches(/^\d{3,4}$/, { message: 'cvc must be 3 or 4 digits' })
  cvc: string;

  @ApiProperty({ required: false })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  name?: string;
}

/** A request that pays with a card (a plan change, a test payment). */
abstract class PaidWithCardDto {
  @ApiProperty({ type: PaymentCardDto })
  @IsDefined({ message: 'card is required' })
  @IsObject({ message: 'card must be an object' })
  @ValidateNested()
  @Type(() => PaymentCardDto)
  card: PaymentCardDto;
}

export class ChangePlanDto extends PaidWithCardDto {
  @ApiProperty({ example: 'enterprise' })
  @IsString()
  @Matches(/^[a-z0-9-]+$/, { message: 'plan_id must be a plan id' })
  plan_id: string;
}

export class PaymentTestDto extends PaidWithCardDto {
  @ApiProperty({ example: 7900 })
  @IsInt({ message: 'amount_cents must be a whole number' })
  @Min(0, { message: 'amount_cents must be 0 or more' })
  @Max(10_000_000, { message: 'amount_cents is too large' })
  amount_cents: number;
}
