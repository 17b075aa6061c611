import { ApiProperty } from '@nestjs/swagger';
import type { SendCrmEmailInput } from '@tessera/data-access/contracts';
import { IsString, Matches, MaxLength } from 'class-validator';
import { KnownMergeFields } from './known-merge-fields';

/** The compose dialog: a subject and a message, merge fields allowed; the recipient is the record. */
export class SendEmailDto implements SendCrmEmailInput {
  @ApiProperty({ maxLength: 300, example: 'Following up, {{first_name}}' })
  @IsString()
  @Matches(/\S/, { message: 'Subject is required' })
  @MaxLength(300)
  @KnownMergeFields()
  subject: string;

  @ApiProperty({ maxLength: 20_000 })
  @IsString()
  @Matches(/\S/, { message: 'Message is required' })
  @MaxLength(20_000)
  @KnownMergeFields()
  body: string;
}
