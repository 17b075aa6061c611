import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ProfileUpdate } from '@tessera/data-access/contracts';
import { IsOptional, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';

export class UpdateProfileDto implements ProfileUpdate {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  first_name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  last_name?: string;

  @ApiPropertyOptional({ nullable: true, description: 'An http(s) URL, or empty to remove the avatar' })
  @IsOptional()
  @ValidateIf((_, value) => value !== '' && value !== null)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'avatar_url must be a full http(s) URL' },
  )
  @MaxLength(2000)
  avatar_url?: string | null;
}
