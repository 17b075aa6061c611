import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  COMPANY_NAME_MAX,
  COMPANY_SIZES,
  type CompanySize,
  type CreateCompanyInput,
  INDUSTRIES,
  type Industry,
  normaliseDomain,
} from '@tessera/data-access/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../common/pagination.dto';
import { RequiredText } from '../../common/required-text';
import { ActivityEntity } from '../../activities/activity.entity';
import { ContactEntity } from '../../contacts/contact.entity';
import { DealEntity } from '../../deals/deal.entity';
import { CompanyEntity } from '../company.entity';

/** A host name, e.g. `acme.com` (the API lower-cases it and drops a scheme or path). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export class CreateCompanyDto implements CreateCompanyInput {
  @RequiredText(COMPANY_NAME_MAX)
  name: string;

  @ApiPropertyOptional({
    nullable: true,
    example: 'acme.com',
    description: 'A scheme, www. and a path are dropped',
  })
  @Transform(({ value }) => (typeof value === 'string' ? normaliseDomain(value) || null : value))
  @IsOptional()
  @IsString()
  @Matches(DOMAIN, { message: 'domain must be a web domain such as acme.com' })
  domain?: string | null;

  @ApiPropertyOptional({ enum: INDUSTRIES, nullable: true })
  @IsOptional()
  @IsIn(INDUSTRIES, { message: `industry must be one of: ${INDUSTRIES.join(', ')}` })
  industry?: Industry | null;

  @ApiPropertyOptional({ enum: COMPANY_SIZES, nullable: true })
  @IsOptional()
  @IsIn(COMPANY_SIZES, { message: `size must be one of: ${COMPANY_SIZES.join(', ')}` })
  size?: CompanySize | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  address?: string | null;
}

export class UpdateCompanyDto extends PartialType(CreateCompanyDto, { skipNullProperties: false }) {}

export class CompanyListQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ description: 'Case-insensitive text in the name or domain' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

/** The company detail page's answer. */
export class CompanyDetailDto extends CompanyEntity {
  @ApiProperty({ type: [ContactEntity] }) contacts: ContactEntity[];
  @ApiProperty({ type: [DealEntity] }) deals: DealEntity[];
  @ApiProperty({ type: [ActivityEntity] }) activities: ActivityEntity[];
}
