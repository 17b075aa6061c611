import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type ConnectMailboxInput,
  MAILBOX_LIMITS,
  MAILBOX_STATUSES,
  MAILBOX_VISIBILITIES,
  type Mailbox,
  type MailboxStatus,
  type MailboxVisibility,
  type UpdateMailboxInput,
} from '@tessera/data-access/contracts';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';

/** Connect a mailbox: where its IMAP server is and how to sign in. */
export class ConnectMailboxDto implements ConnectMailboxInput {
  @ApiProperty({ maxLength: MAILBOX_LIMITS.hostMax, example: 'imap.example.com' })
  @IsString()
  @Matches(/^[A-Za-z0-9.-]+$/, { message: 'imap_host must be a host name or an IP address' })
  @MaxLength(MAILBOX_LIMITS.hostMax)
  imap_host: string;

  @ApiProperty({ minimum: 1, maximum: 65535, example: 993 })
  @IsInt()
  @Min(1)
  @Max(65535)
  imap_port: number;

  @ApiProperty({ description: 'TLS from the first byte (port 993); false for a plain connection' })
  @IsBoolean()
  imap_tls: boolean;

  @ApiProperty({ maxLength: MAILBOX_LIMITS.usernameMax, example: 'dana@example.com' })
  @IsString()
  @Matches(/\S/, { message: 'username is required' })
  @MaxLength(MAILBOX_LIMITS.usernameMax)
  username: string;

  @ApiProperty({
    maxLength: MAILBOX_LIMITS.passwordMax,
    description: 'Password or app password; stored sealed, never returned',
  })
  @IsString()
  @MinLength(1, { message: 'password is required' })
  @MaxLength(MAILBOX_LIMITS.passwordMax)
  password: string;

  @ApiPropertyOptional({ enum: MAILBOX_VISIBILITIES, default: 'shared' })
  @IsOptional()
  @IsIn(MAILBOX_VISIBILITIES)
  visibility?: MailboxVisibility;
}

export class UpdateMailboxDto implements UpdateMailboxInput {
  @ApiPropertyOptional({ enum: MAILBOX_VISIBILITIES })
  @IsOptional()
  @IsIn(MAILBOX_VISIBILITIES)
  visibility?: MailboxVisibility;

  @ApiPropertyOptional({ maxLength: MAILBOX_LIMITS.passwordMax })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'password is required' })
  @MaxLength(MAILBOX_LIMITS.passwordMax)
  password?: string;
}

export class MailboxBody implements Mailbox {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() imap_host!: string;
  @ApiProperty() imap_port!: number;
  @ApiProperty() imap_tls!: boolean;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: MAILBOX_VISIBILITIES }) visibility!: MailboxVisibility;
  @ApiProperty({ enum: MAILBOX_STATUSES }) status!: MailboxStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The server's message when the last attempt failed",
  })
  last_error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_synced_at!: string | null;
  @ApiProperty() sync_days!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
