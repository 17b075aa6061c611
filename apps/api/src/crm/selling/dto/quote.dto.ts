import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateQuoteInput, SendQuoteInput } from '@tessera/data-access/contracts';
import { IsBoolean, IsDateString, IsEmail, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';

export class CreateQuoteDto implements CreateQuoteInput {
  @ApiPropertyOptional({ format: 'date', description: 'Default: 30 days from today' })
  @MayBeOmitted()
  @IsDateString({ strict: true })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'valid_until must be a date (YYYY-MM-DD)' })
  valid_until?: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(5000) terms?: string | null;

  @ApiPropertyOptional({
    default: false,
    description: 'Move the deal to Closed Won when the customer accepts',
  })
  @MayBeOmitted()
  @IsBoolean()
  win_on_accept?: boolean;
}

export class UpdateQuoteDto extends CreateQuoteDto {}

export class SendQuoteDto implements SendQuoteInput {
  @ApiProperty({ format: 'email' })
  @IsEmail({}, { message: 'to must be an e-mail address' })
  @MaxLength(320)
  to: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) message?: string;
}
