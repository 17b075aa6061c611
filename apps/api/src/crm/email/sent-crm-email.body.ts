import { ApiProperty } from '@nestjs/swagger';
import type { SentCrmEmail } from '@tessera/data-access/contracts';

export class SentCrmEmailBody implements SentCrmEmail {
  @ApiProperty({ format: 'uuid' }) message_id!: string;
  @ApiProperty({ format: 'uuid' }) activity_id!: string;
  @ApiProperty() to!: string;
  @ApiProperty() subject!: string;
}
