import { ApiProperty } from '@nestjs/swagger';
import {
  CAMPAIGN_STATUSES,
  type CampaignDelivery,
  type CampaignRecipient,
  type CampaignStatus,
  OUTBOX_MESSAGE_STATUSES,
  type OutboxMessageStatus,
} from '@tessera/data-access/contracts';

const nullableDate = { type: String, format: 'date-time', nullable: true } as const;

class CampaignRecipientBody implements CampaignRecipient {
  @ApiProperty({ format: 'uuid' }) message_id!: string;
  @ApiProperty({ type: String, nullable: true }) contact_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: OUTBOX_MESSAGE_STATUSES }) status!: OutboxMessageStatus;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty(nullableDate) sent_at!: string | null;
  @ApiProperty(nullableDate) opened_at!: string | null;
  @ApiProperty(nullableDate) clicked_at!: string | null;
  @ApiProperty(nullableDate) unsubscribed_at!: string | null;
}

export class CampaignDeliveryBody implements CampaignDelivery {
  @ApiProperty({ format: 'uuid' }) campaign_id!: string;
  @ApiProperty({ enum: CAMPAIGN_STATUSES }) status!: CampaignStatus;
  @ApiProperty(nullableDate) requested_at!: string | null;
  @ApiProperty(nullableDate) completed_at!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Known once the audience is resolved' })
  total!: number | null;
  @ApiProperty() queued!: number;
  @ApiProperty() sent!: number;
  @ApiProperty() failed!: number;
  @ApiProperty() opened!: number;
  @ApiProperty() clicked!: number;
  @ApiProperty() unsubscribed!: number;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: [CampaignRecipientBody] }) recipients!: CampaignRecipientBody[];
  @ApiProperty() recipients_total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
