import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_KEY_NAME_MAX,
  type CreateApiKeyInput,
  type CreateWebhookInput,
  WEBHOOK_EVENT_PATTERNS,
} from '@tessera/data-access/contracts';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';

export class CreateApiKeyDto implements CreateApiKeyInput {
  @ApiProperty({ example: 'Website lead form' })
  @IsString({ message: 'name is required' })
  @Matches(/\S/, { message: 'name must not be empty' })
  @MaxLength(API_KEY_NAME_MAX, { message: `name must be at most ${API_KEY_NAME_MAX} characters` })
  name!: string;

  @ApiProperty({
    type: [String],
    example: ['crm:read', 'crm:write'],
    description: '<module>:read, <module>:write or admin:read',
  })
  @IsArray({ message: 'scopes must be a list' })
  @ArrayNotEmpty({ message: 'scopes must name at least one scope' })
  @ArrayMaxSize(200)
  @IsString({ each: true, message: 'each scope must be a string' })
  scopes!: string[];

  @ApiPropertyOptional({ format: 'date-time', description: 'When the key stops working; never by default' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expires_at must be a date and time (ISO 8601)' })
  expires_at?: string;
}

export class CreateWebhookDto implements CreateWebhookInput {
  @ApiProperty({ example: 'https://hooks.example.com/tessera' })
  @IsString({ message: 'url is required' })
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  url!: string;

  @ApiProperty({ type: [String], example: ['deal.stage_changed', 'contact.*'] })
  @IsArray({ message: 'events must be a list' })
  @ArrayNotEmpty({ message: 'events must name at least one event' })
  @ArrayMaxSize(50)
  @IsIn(WEBHOOK_EVENT_PATTERNS, {
    each: true,
    message: `each event must be one of: ${WEBHOOK_EVENT_PATTERNS.join(', ')}`,
  })
  events!: string[];
}
