import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  CONTACT_EMAIL_PATTERN,
  CONTACT_FIELD_LIMITS,
  CONTACT_LEAD_SOURCES,
  CONTACT_STATUSES,
  type ContactSearchQuery,
  type ContactStatus,
  type CreateContactInput,
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
  LEAD_STAGES,
  type LeadStage,
} from '@tessera/data-access/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
  IsObject,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { PaginationQueryDto } from '../../common/pagination.dto';
import { RequiredText } from '../../common/required-text';
import { OptionalIn } from '../../common/optional-in';

const TAG_PATTERN = /^[\w:.-]{1,60}$/;

export class CustomFieldDto {
  @ApiProperty({ maxLength: 100 })
  @IsString()
  @Matches(/^[A-Za-z][\w .-]{0,99}$/, {
    message: 'field_name must start with a letter and use letters, digits, spaces, _ . or - (at most 100)',
  })
  field_name: string;

  @ApiProperty({ nullable: true, type: String })
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(2000)
  field_value: string | null;

  @ApiProperty({ enum: CUSTOM_FIELD_TYPES }) @IsIn(CUSTOM_FIELD_TYPES) field_type: CustomFieldType;
}

export class CreateContactDto implements CreateContactInput {
  @RequiredText(CONTACT_FIELD_LIMITS.first_name)
  first_name: string;

  @RequiredText(CONTACT_FIELD_LIMITS.last_name)
  last_name: string;

  @ApiPropertyOptional({ format: 'email', maxLength: CONTACT_FIELD_LIMITS.email })
  @IsOptional()
  @Matches(CONTACT_EMAIL_PATTERN, { message: 'email must be an email' })
  @MaxLength(CONTACT_FIELD_LIMITS.email)
  email?: string;

  @ApiPropertyOptional({ maxLength: CONTACT_FIELD_LIMITS.phone })
  @IsOptional()
  @IsString()
  @MaxLength(CONTACT_FIELD_LIMITS.phone)
  phone?: string;

  @ApiPropertyOptional({ maxLength: CONTACT_FIELD_LIMITS.company })
  @IsOptional()
  @IsString()
  @MaxLength(CONTACT_FIELD_LIMITS.company)
  company?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    description: 'The company; its name becomes company',
  })
  @IsOptional()
  @IsUUID('all', { message: 'company_id must be a company id' })
  company_id?: string | null;
  @ApiPropertyOptional({ maxLength: CONTACT_FIELD_LIMITS.title })
  @IsOptional()
  @IsString()
  @MaxLength(CONTACT_FIELD_LIMITS.title)
  title?: string;

  @ApiPropertyOptional({ enum: CONTACT_STATUSES })
  @MayBeOmitted()
  @IsIn(CONTACT_STATUSES)
  status?: ContactStatus;
  @OptionalIn(CONTACT_LEAD_SOURCES) lead_source?: string;

  @ApiPropertyOptional({ type: [String] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(TAG_PATTERN, { each: true, message: 'each tag must be 1–60 letters, digits, _ : . or -' })
  tags?: string[];

  @ApiPropertyOptional({ type: [CustomFieldDto] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(100)
  @IsObject({ each: true, message: 'each item of custom_fields must be an object' })
  @ValidateNested({ each: true })
  @Type(() => CustomFieldDto)
  custom_fields?: CustomFieldDto[];
}

export class UpdateContactDto extends PartialType(CreateContactDto, { skipNullProperties: false }) {}

export class UpdateTagsDto {
  @ApiProperty({ type: [String], example: ['vip', 'lead_score_72'] })
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(TAG_PATTERN, { each: true, message: 'each tag must be 1–60 letters, digits, _ : . or -' })
  tags: string[];
}

export class UpdateStatusDto {
  @ApiProperty({ enum: CONTACT_STATUSES }) @IsIn(CONTACT_STATUSES) status: ContactStatus;
}

/** Pipeline move (docs/product/contacts.md#pipeline-move-of-a-contact): the stage the contact is dropped on. */
export class MoveContactDto {
  @ApiProperty({ enum: LEAD_STAGES }) @IsIn(LEAD_STAGES) stage: LeadStage;
}

export class ContactSearchQueryDto extends PaginationQueryDto implements ContactSearchQuery {
  @ApiPropertyOptional({
    description: 'Case-insensitive text in first name, last name, email, company or phone',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @OptionalIn(CONTACT_STATUSES) status?: ContactStatus;
  @OptionalIn(CONTACT_LEAD_SOURCES) lead_source?: string;

  @ApiPropertyOptional({
    description: 'Comma-separated; contacts carrying every tag',
    example: 'vip,lead_score_80',
  })
  @IsOptional()
  @Transform(({ value }) =>
    (Array.isArray(value) ? value : String(value).split(','))
      .map((tag: unknown) => String(tag).trim())
      .filter(Boolean),
  )
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(TAG_PATTERN, { each: true, message: 'each tag must be 1–60 letters, digits, _ : . or -' })
  tags?: string[];
}
