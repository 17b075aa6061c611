import { ApiProperty } from '@nestjs/swagger';
import type {
  EmailAttachment,
  EmailDirection,
  EmailMessage,
  EmailThread,
  SentEmailMessage,
} from '@tessera/data-access/contracts';

export class EmailAttachmentBody implements EmailAttachment {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() file_name!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty() size_bytes!: number;
}

export class EmailMessageBody implements EmailMessage {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['inbound', 'outbound'] }) direction!: EmailDirection;
  @ApiProperty() subject!: string;
  @ApiProperty() from_address!: string;
  @ApiProperty({ type: String, nullable: true }) from_name!: string | null;
  @ApiProperty({ type: [String] }) to_addresses!: string[];
  @ApiProperty({ type: [String] }) cc_addresses!: string[];
  @ApiProperty({ format: 'date-time' }) received_at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null when the mailbox shares subjects only' })
  text_body!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Sanitised HTML' }) html_body!: string | null;
  @ApiProperty() body_hidden!: boolean;
  @ApiProperty({ type: [EmailAttachmentBody] }) attachments!: EmailAttachmentBody[];
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
}

export class EmailThreadBody implements EmailThread {
  @ApiProperty() thread_key!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ format: 'date-time' }) last_message_at!: string;
  @ApiProperty({ type: [EmailMessageBody] }) messages!: EmailMessageBody[];
}

export class SentEmailMessageBody implements SentEmailMessage {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() thread_key!: string;
  @ApiProperty() message_id!: string;
  @ApiProperty() to!: string;
  @ApiProperty() subject!: string;
}
