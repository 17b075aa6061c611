import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  LINE_LIMITS,
  LINE_RECURRENCES,
  type LineItemInput,
  type LineRecurrence,
} from '@tessera/data-access/contracts';
import { IsIn, IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';

const money = { maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false };
const percent = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };

export class CreateLineItemDto implements LineItemInput {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A catalogue product: its name, price and tax unless given',
  })
  @IsOptional()
  @IsUUID()
  product_id?: string;

  @ApiPropertyOptional({ maxLength: LINE_LIMITS.maxNameLength, description: 'Required for a free line' })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'name must not be empty' })
  @MaxLength(LINE_LIMITS.maxNameLength)
  name?: string;

  @ApiProperty({ minimum: 0, maximum: LINE_LIMITS.maxQuantity, example: 2 })
  @IsNumber({ maxDecimalPlaces: LINE_LIMITS.quantityDigits, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(LINE_LIMITS.maxQuantity)
  quantity: number;

  @ApiPropertyOptional({ minimum: 0, description: 'In the deal’s currency; required for a free line' })
  @MayBeOmitted()
  @IsNumber(money)
  @Min(0)
  @Max(LINE_LIMITS.maxUnitPrice)
  unit_price?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, nullable: true })
  @IsOptional()
  @IsNumber(percent)
  @Min(0)
  @Max(100)
  discount_percent?: number | null;

  @ApiPropertyOptional({
    minimum: 0,
    nullable: true,
    description: 'Off the whole line, instead of a percent',
  })
  @IsOptional()
  @IsNumber(money)
  @Min(0)
  @Max(LINE_LIMITS.maxUnitPrice)
  discount_amount?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, nullable: true })
  @IsOptional()
  @IsNumber(percent)
  @Min(0)
  @Max(100)
  tax_percent?: number | null;

  @ApiPropertyOptional({ enum: LINE_RECURRENCES })
  @MayBeOmitted()
  @IsIn(LINE_RECURRENCES)
  recurrence?: LineRecurrence;
}

export class UpdateLineItemDto extends PartialType(CreateLineItemDto, { skipNullProperties: false }) {
  @ApiPropertyOptional({ minimum: 0, maximum: LINE_LIMITS.maxQuantity })
  @MayBeOmitted()
  @IsNumber({ maxDecimalPlaces: LINE_LIMITS.quantityDigits, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(LINE_LIMITS.maxQuantity)
  override quantity?: number;
}
