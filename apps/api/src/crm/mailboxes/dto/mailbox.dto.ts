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
  ValidateIf,
} from 'class-validator';

type SmtpFields = {
  smtp_host?: string | null;
  smtp_port?: number;
  smtp_tls?: boolean;
  smtp_username?: string | null;
  smtp_password?: string | null;
};

/** Any SMTP field given (and the settings not being removed): host, port and TLS are then all required. */
function givesSmtp(body: SmtpFields): boolean {
  if (body.smtp_host === null) return false;
  return (
    body.smtp_host !== undefined ||
    body.smtp_port !== undefined ||
    body.smtp_tls !== undefined ||
    (body.smtp_username !== undefined && body.smtp_username !== null) ||
    (body.smtp_password !== undefined && body.smtp_password !== null)
  );
}

/** The optional SMTP settings, shared by connecting and changing a mailbox. */
class MailboxSmtpFields {
  @ApiPropertyOptional({
    maxLength: MAILBOX_LIMITS.hostMax,
    example: 'smtp.example.com',
    description: 'Your own SMTP server: CRM e-mail then goes from your address',
  })
  @ValidateIf(givesSmtp)
  @IsString({ message: 'smtp_host is required with SMTP settings' })
  @Matches(/^[A-Za-z0-9.-]+$/, { message: 'smtp_host must be a host name or an IP address' })
  @MaxLength(MAILBOX_LIMITS.hostMax)
  smtp_host?: string | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 65535, example: 465 })
  @ValidateIf(givesSmtp)
  @IsInt({ message: 'smtp_port is required with SMTP settings (a whole number)' })
  @Min(1)
  @Max(65535)
  smtp_port?: number;

  @ApiPropertyOptional({
    description: 'TLS from the first byte (465); false: STARTTLS when the server offers it (587), else plain',
  })
  @ValidateIf(givesSmtp)
  @IsBoolean({ message: 'smtp_tls is required with SMTP settings (true or false)' })
  smtp_tls?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAILBOX_LIMITS.usernameMax,
    description: 'Only when SMTP signs in differently from IMAP; null: the IMAP username',
  })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'smtp_username must not be blank' })
  @MaxLength(MAILBOX_LIMITS.usernameMax)
  smtp_username?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAILBOX_LIMITS.passwordMax,
    description: 'Only when SMTP signs in differently from IMAP; stored sealed, never returned',
  })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'smtp_password must not be empty' })
  @MaxLength(MAILBOX_LIMITS.passwordMax)
  smtp_password?: string | null;
}

/** Connect a mailbox: where its IMAP server is and how to sign in. */
export class ConnectMailboxDto extends MailboxSmtpFields implements ConnectMailboxInput {
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

export class UpdateMailboxDto extends MailboxSmtpFields implements UpdateMailboxInput {
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
  @ApiProperty({ type: String, nullable: true }) smtp_host!: string | null;
  @ApiProperty({ type: Number, nullable: true }) smtp_port!: number | null;
  @ApiProperty({ type: Boolean, nullable: true }) smtp_tls!: boolean | null;
  @ApiProperty({ type: String, nullable: true, description: 'Null: the IMAP username signs in' })
  smtp_username!: string | null;
  @ApiProperty({ description: 'A separate SMTP password is stored (it is never returned)' })
  smtp_password_set!: boolean;
  @ApiProperty({ description: "CRM e-mail goes From this mailbox's address through its SMTP server" })
  sends_from_own_address!: boolean;
}
