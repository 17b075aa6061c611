import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  type CampaignDeliveryParams,
  CONTACT_LEAD_SOURCES,
  CONTACT_STATUSES,
  type ContactStatus,
  type CreateCampaignInput,
  OUTBOX_MESSAGE_STATUSES,
  type OutboxMessageStatus,
} from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { PaginationQueryDto } from '../../common/pagination.dto';
import { KnownMergeFields } from '../../email/dto/known-merge-fields';
import { RequiredText } from '../../common/required-text';
import { OptionalIn } from '../../common/optional-in';

/** Which contacts receive the campaign; nothing set means every contact with an email. */
export class CampaignAudienceDto {
  @OptionalIn(CONTACT_STATUSES) status?: ContactStatus;
  @OptionalIn(CONTACT_LEAD_SOURCES) lead_source?: string;

  @ApiPropertyOptional({ type: [String], description: 'Contacts carrying every one of these tags' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(/^[\w:.-]{1,60}$/, { each: true, message: 'each tag must be 1–60 letters, digits, _ : . or -' })
  tags?: string[];
}

export class CreateCampaignDto implements CreateCampaignInput {
  @RequiredText(200)
  name: string;

  @ApiProperty({ maxLength: 300, example: 'News for {{company}}' })
  @IsString()
  @Matches(/\S/, { message: 'subject must not be empty' })
  @MaxLength(300)
  @KnownMergeFields()
  subject: string;

  @ApiPropertyOptional({
    description: 'Plain text; merge fields such as {{first_name}} are filled per recipient',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  @KnownMergeFields()
  body?: string;

  /** An object: `[]`, a number or a string is refused, as are keys it does not know. */
  @ApiPropertyOptional({ type: CampaignAudienceDto })
  @MayBeOmitted()
  @IsObject({ message: 'audience must be an object with status, lead_source or tags' })
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

/** The delivery view's recipient list: a page, optionally of one delivery status. */
export class CampaignDeliveryQueryDto extends PaginationQueryDto implements CampaignDeliveryParams {
  @OptionalIn(OUTBOX_MESSAGE_STATUSES) status?: OutboxMessageStatus;
}
