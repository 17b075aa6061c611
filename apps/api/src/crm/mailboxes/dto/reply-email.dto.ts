import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ReplyEmailInput } from '@tessera/data-access/contracts';
import { IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

/** The reply box: a message, optionally another subject, and the deal it was written on. */
export class ReplyEmailDto implements ReplyEmailInput {
  @ApiProperty({ maxLength: 20_000 })
  @IsString()
  @Matches(/\S/, { message: 'Message is required' })
  @MaxLength(20_000)
  body: string;

  @ApiPropertyOptional({
    maxLength: 300,
    description: 'Defaults to "Re: " and the subject of the conversation',
  })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  subject?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The deal the reply is written on: it shows there too',
  })
  @IsOptional()
  @IsUUID()
  deal_id?: string;
}
