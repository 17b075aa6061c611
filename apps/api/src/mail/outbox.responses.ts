import { ApiProperty } from '@nestjs/swagger';
import {
  OUTBOX_MESSAGE_KINDS,
  OUTBOX_MESSAGE_STATUSES,
  type OutboxMessageDetail,
  type OutboxMessageKind,
  type OutboxMessageStatus,
  type OutboxMessageSummary,
  type OutboxPage,
} from '@tessera/data-access/contracts';

const nullableDate = { type: String, format: 'date-time', nullable: true } as const;

export class OutboxMessageSummaryBody implements OutboxMessageSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: OUTBOX_MESSAGE_KINDS }) kind!: OutboxMessageKind;
  @ApiProperty() recipient!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ enum: OUTBOX_MESSAGE_STATUSES }) status!: OutboxMessageStatus;
  @ApiProperty({ enum: ['smtp', 'outbox'], nullable: true }) transport!: 'smtp' | 'outbox' | null;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty(nullableDate) sent_at!: string | null;
  @ApiProperty(nullableDate) opened_at!: string | null;
}

export class OutboxMessageDetailBody extends OutboxMessageSummaryBody implements OutboxMessageDetail {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Null for a message that carries a sign-in secret (invitation, password reset), in every state',
  })
  text_body!: string | null;
  @ApiProperty({ type: String, nullable: true }) html_body!: string | null;
  @ApiProperty({ type: [String] }) links!: string[];
  @ApiProperty({ description: 'The message carries a sign-in secret, so its text is withheld' })
  carries_sign_in_link!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The pending invitation link, only for the person who made the invitation while they hold its role or higher',
  })
  invitation_link!: string | null;
}

export class OutboxPageBody implements OutboxPage {
  @ApiProperty({ type: [OutboxMessageSummaryBody] }) items!: OutboxMessageSummaryBody[];
  @ApiProperty() total!: number;
  @ApiProperty({ description: 'Whether messages leave by SMTP; without it they stay in the outbox' })
  smtp_configured!: boolean;
}
