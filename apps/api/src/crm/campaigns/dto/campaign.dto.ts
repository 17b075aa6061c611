import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  type CampaignAudience,
  type CampaignAudienceCount,
  type CampaignDeliveryParams,
  type CampaignFigures,
  type CampaignListItem,
  type CampaignTestSend,
  type ScheduleCampaignInput,
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
  IsISO8601,
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
import { EmailCampaignEntity } from '../email-campaign.entity';

/**
 * Which contacts receive the campaign: any of the statuses, any of the sources, all of the tags;
 * nothing set means every contact with an email. `status` / `lead_source` are the single-value
 * form campaigns were written in before the lists.
 */
export class CampaignAudienceDto implements CampaignAudience {
  @ApiPropertyOptional({
    enum: CONTACT_STATUSES,
    isArray: true,
    description: 'Contacts with any of these statuses',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CONTACT_STATUSES.length)
  @IsIn(CONTACT_STATUSES, {
    each: true,
    message: `each status must be one of ${CONTACT_STATUSES.join(', ')}`,
  })
  statuses?: ContactStatus[];

  @ApiPropertyOptional({
    enum: CONTACT_LEAD_SOURCES,
    isArray: true,
    description: 'Contacts from any of these sources',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CONTACT_LEAD_SOURCES.length)
  @IsIn(CONTACT_LEAD_SOURCES as string[], {
    each: true,
    message: `each source must be one of ${CONTACT_LEAD_SOURCES.join(', ')}`,
  })
  lead_sources?: string[];

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
  @IsObject({ message: 'audience must be an object with statuses, lead_sources or tags' })
  @ValidateNested()
  @Type(() => CampaignAudienceDto)
  audience?: CampaignAudienceDto;

  /** `scheduled` and `sent` are reached only through POST …/schedule and …/send. */
  @ApiPropertyOptional({ enum: ['draft'], default: 'draft' })
  @MayBeOmitted()
  @IsIn(['draft'], { message: 'status can only be draft: schedule or send the campaign with its actions' })
  status?: 'draft';
}

/** The audience builder's question: how many would receive a campaign to this audience now. */
export class CampaignAudienceCountDto {
  @ApiProperty({ type: CampaignAudienceDto })
  @IsObject({ message: 'audience must be an object with statuses, lead_sources or tags' })
  @ValidateNested()
  @Type(() => CampaignAudienceDto)
  audience: CampaignAudienceDto;
}

export class CampaignAudienceCountResponse implements CampaignAudienceCount {
  @ApiProperty({ type: Number, description: 'Contacts with a valid, subscribed address, one per address' })
  recipients: number;
}

export class ScheduleCampaignDto implements ScheduleCampaignInput {
  @ApiProperty({ type: String, format: 'date-time', description: 'When to send; must be in the future' })
  @IsISO8601({ strict: true }, { message: 'send_at must be a date and time' })
  send_at: string;
}

export class CampaignTestSendResponse implements CampaignTestSend {
  @ApiProperty({ type: String, format: 'uuid' }) message_id: string;
  @ApiProperty({ type: String, description: 'The signed-in user’s own address' }) to: string;
  @ApiProperty({ type: String }) subject: string;
}

export class CampaignFiguresDto implements CampaignFigures {
  @ApiProperty({ type: Number }) recipients: number;
  @ApiProperty({ type: Number }) delivered: number;
  @ApiProperty({ type: Number }) opened: number;
  @ApiProperty({ type: Number }) clicked: number;
  @ApiProperty({ type: Number }) unsubscribed: number;
}

export class UpdateCampaignDto extends PartialType(CreateCampaignDto, { skipNullProperties: false }) {}

/** The delivery view's recipient list: a page, optionally of one delivery status. */
export class CampaignDeliveryQueryDto extends PaginationQueryDto implements CampaignDeliveryParams {
  @OptionalIn(OUTBOX_MESSAGE_STATUSES) status?: OutboxMessageStatus;
}

/** A campaign on the list, with its figures. */
export class CampaignListItemDto extends EmailCampaignEntity implements CampaignListItem {
  @ApiProperty({ type: CampaignFiguresDto })
  figures: CampaignFiguresDto;
}
