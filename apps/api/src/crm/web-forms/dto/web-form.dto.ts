import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  isWebOrigin,
  WEB_FORM_LEAD_FIELD_NAMES,
  WEB_FORM_LIMITS,
  type WebFormField,
  type WebFormInput,
  type WebFormLeadField,
} from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  Validate,
  ValidateNested,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { RequiredText } from '../../common/required-text';

@ValidatorConstraint({ name: 'webOrigin' })
class WebOriginConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isWebOrigin(value);
  }
  defaultMessage(): string {
    return 'each allowed origin must be a site origin such as https://www.example.com (no path)';
  }
}

export class WebFormFieldDto implements WebFormField {
  @ApiProperty({ enum: WEB_FORM_LEAD_FIELD_NAMES })
  @IsIn(WEB_FORM_LEAD_FIELD_NAMES)
  field: WebFormLeadField;

  @RequiredText(WEB_FORM_LIMITS.label)
  label: string;

  @ApiProperty() @IsBoolean() required: boolean;
}

export class CreateWebFormDto implements WebFormInput {
  @RequiredText(WEB_FORM_LIMITS.name)
  name: string;

  @ApiProperty({ type: [WebFormFieldDto] })
  @IsArray()
  @ArrayMinSize(3)
  @ArrayMaxSize(WEB_FORM_LEAD_FIELD_NAMES.length)
  @ValidateNested({ each: true })
  @Type(() => WebFormFieldDto)
  fields: WebFormFieldDto[];

  @ApiPropertyOptional({ maxLength: WEB_FORM_LIMITS.thankYou })
  @MayBeOmitted()
  @IsString()
  @MaxLength(WEB_FORM_LIMITS.thankYou)
  thank_you_message?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://www.example.com/thanks' })
  @IsOptional()
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true, require_tld: false },
    { message: 'redirect_url must be a web address starting with https:// or http://' },
  )
  @MaxLength(WEB_FORM_LIMITS.redirectUrl)
  redirect_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: WEB_FORM_LIMITS.consent })
  @IsOptional()
  @IsString()
  @MaxLength(WEB_FORM_LIMITS.consent)
  consent_text?: string | null;

  @ApiPropertyOptional({ type: [String], example: ['https://www.example.com'] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(WEB_FORM_LIMITS.allowedOrigins)
  @Validate(WebOriginConstraint, { each: true })
  allowed_origins?: string[];
}

export class UpdateWebFormDto extends PartialType(CreateWebFormDto, { skipNullProperties: false }) {}
