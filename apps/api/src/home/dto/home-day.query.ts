import { ApiPropertyOptional } from '@nestjs/swagger';
import { isTimeZone } from '@tessera/data-access/contracts';
import { IsOptional, IsString, ValidateBy } from 'class-validator';

/** `?tz=Europe/Oslo`: whose "today" the home counts in (docs/product/home.md#today). */
export class HomeDayQuery {
  @ApiPropertyOptional({
    description: 'The caller’s IANA time zone; today is their calendar day there (UTC when left out)',
    example: 'Europe/Oslo',
  })
  @IsOptional()
  @IsString()
  @ValidateBy({
    name: 'timeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isTimeZone(value),
      defaultMessage: () => 'tz must be an IANA time zone such as Europe/Oslo',
    },
  })
  tz?: string;
}
