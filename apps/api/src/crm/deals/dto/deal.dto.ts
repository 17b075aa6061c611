import type { CreateDealInput, DealListFilters } from '@tessera/data-access/contracts';
import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { DEAL_STAGES, type DealStage } from '@tessera/data-access/contracts';
import {
  IsDateString,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { PaginationQueryDto } from '../../common/pagination.dto';
import { RequiredText } from '../../common/required-text';
import { OptionalIn } from '../../common/optional-in';

export class CreateDealDto implements CreateDealInput {
  @RequiredText(200)
  name: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) description?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 999_999_999_999 })
  @MayBeOmitted()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(999_999_999_999)
  amount?: number;

  @ApiPropertyOptional({ default: 'USD', pattern: '^[A-Z]{3}$' })
  @MayBeOmitted()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be a three-letter ISO code' })
  currency?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 100 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  probability?: number;

  @ApiPropertyOptional({ enum: DEAL_STAGES, default: 'prospecting' })
  @MayBeOmitted()
  @IsIn(DEAL_STAGES)
  stage?: DealStage;

  @ApiPropertyOptional({ format: 'uuid', nullable: true, description: 'Left out: the contact’s company' })
  @IsOptional()
  @IsUUID()
  company_id?: string | null;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() contact_id?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-12-31' })
  @IsOptional()
  @IsDateString({ strict: true })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected_close_date must be a date (YYYY-MM-DD)' })
  expected_close_date?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(60) lead_source?: string;
}

export class UpdateDealDto extends PartialType(CreateDealDto, { skipNullProperties: false }) {
  @ApiPropertyOptional({ description: 'The version read; a stale one answers 409', minimum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  version?: number;
}

export class DealListQueryDto extends PaginationQueryDto implements DealListFilters {
  @OptionalIn(DEAL_STAGES) stage?: DealStage;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() owner_id?: string;
}
