import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { CONTACT_LEAD_SOURCES, CONTACT_STATUSES, type ContactStatus } from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
  IsObject,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';

/** Which contacts receive the campaign; nothing set means every contact with an email. */
export class CampaignAudienceDto {
  @ApiPropertyOptional({ enum: CONTACT_STATUSES })
  @IsOptional()
  @IsIn(CONTACT_STATUSES)
  status?: ContactStatus;
  @ApiPropertyOptional({ enum: CONTACT_LEAD_SOURCES })
  @IsOptional()
  @IsIn(CONTACT_LEAD_SOURCES)
  lead_source?: string;

  @ApiPropertyOptional({ type: [String], description: 'Contacts carrying every one of these tags' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(/^[\w:.-]{1,60}$/, { each: true, message: 'each tag must be 1–60 letters, digits, _ : . or -' })
  tags?: string[];
}

export class CreateCampaignDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @Matches(/\S/, { message: 'name must not be empty' })
  @MaxLength(200)
  name: string;

  @ApiProperty({ maxLength: 300 })
  @IsString()
  @Matches(/\S/, { message: 'subject must not be empty' })
  @MaxLength(300)
  subject: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100_000) body?: string;

  @ApiPropertyOptional({ type: CampaignAudienceDto })
  @MayBeOmitted()
  @IsObject({ message: 'audience must be an object' })
  @ValidateNested()
  @Type(() => CampaignAudienceDto)
  audience?: CampaignAudienceDto;

  /** `sent` is reached only through POST …/send. */
  @ApiPropertyOptional({ enum: ['draft', 'scheduled'], default: 'draft' })
  @MayBeOmitted()
  @IsIn(['draft', 'scheduled'])
  status?: 'draft' | 'scheduled';
}

export class UpdateCampaignDto extends PartialType(CreateCampaignDto, { skipNullProperties: false }) {}
