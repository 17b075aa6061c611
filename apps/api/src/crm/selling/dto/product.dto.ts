import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  type CreateProductInput,
  LINE_LIMITS,
  LINE_RECURRENCES,
  type LineRecurrence,
  type ProductListFilters,
  type ProductPrice,
} from '@tessera/data-access/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { PaginationQueryDto } from '../../common/pagination.dto';
import { RequiredText } from '../../common/required-text';

export class ProductPriceDto implements ProductPrice {
  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'USD' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be a three-letter ISO code' })
  currency: string;

  @ApiProperty({
    minimum: 0,
    example: 19.99,
    description: 'In the currency’s major unit, exact to its minor unit',
  })
  @IsNumber({ maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(LINE_LIMITS.maxUnitPrice)
  unit_price: number;
}

export class CreateProductDto implements CreateProductInput {
  @RequiredText(LINE_LIMITS.maxNameLength) name: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(60) code?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(2000) description?:
    | string
    | null;
  @ApiPropertyOptional({ nullable: true, example: 'hour' }) @IsOptional() @IsString() @MaxLength(30) unit?:
    | string
    | null;

  @ApiPropertyOptional({ type: [ProductPriceDto], description: 'One unit price per currency' })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => ProductPriceDto)
  prices?: ProductPriceDto[];

  @ApiPropertyOptional({ minimum: 0, maximum: 100, nullable: true })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  tax_percent?: number | null;

  @ApiPropertyOptional({ enum: LINE_RECURRENCES, default: 'one_time' })
  @MayBeOmitted()
  @IsIn(LINE_RECURRENCES)
  recurrence?: LineRecurrence;

  @ApiPropertyOptional({ default: true }) @MayBeOmitted() @IsBoolean() active?: boolean;
}

export class UpdateProductDto extends PartialType(CreateProductDto, { skipNullProperties: false }) {}

export class ProductListQueryDto extends PaginationQueryDto implements ProductListFilters {
  @ApiPropertyOptional({ description: 'Matches the name or the code (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  active?: boolean;
}
