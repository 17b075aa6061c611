import { ApiProperty } from '@nestjs/swagger';
import { SEARCH_MAX_LENGTH } from '@tessera/data-access/contracts';
import { IsString, MaxLength } from 'class-validator';

export class SearchQuery {
  @ApiProperty({
    description: 'What the person typed: every word must match the start of a word of the record',
    maxLength: SEARCH_MAX_LENGTH,
  })
  @IsString({ message: 'q must be text' })
  @MaxLength(SEARCH_MAX_LENGTH, { message: `q must be at most ${SEARCH_MAX_LENGTH} characters` })
  q: string;
}
