import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ERROR_REPORT_LIMITS,
  type ErrorReportInput,
  type PlatformErrorReport,
} from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';

export class ErrorReportDto implements ErrorReportInput {
  @ApiProperty({ maxLength: ERROR_REPORT_LIMITS.message, example: 'Failed to load access permissions' })
  @IsString({ message: 'message must be text' })
  @MinLength(1, { message: 'message is required' })
  @MaxLength(ERROR_REPORT_LIMITS.message, {
    message: `message must be at most ${ERROR_REPORT_LIMITS.message} characters`,
  })
  message!: string;

  @ApiPropertyOptional({ maxLength: ERROR_REPORT_LIMITS.detail })
  @IsOptional()
  @IsString({ message: 'detail must be text' })
  @MaxLength(ERROR_REPORT_LIMITS.detail, {
    message: `detail must be at most ${ERROR_REPORT_LIMITS.detail} characters`,
  })
  detail?: string;

  @ApiPropertyOptional({ maxLength: ERROR_REPORT_LIMITS.url, example: '/modules/crm/pipeline' })
  @IsOptional()
  @IsString({ message: 'url must be text' })
  @MaxLength(ERROR_REPORT_LIMITS.url, {
    message: `url must be at most ${ERROR_REPORT_LIMITS.url} characters`,
  })
  @Matches(/^\//, { message: 'url must be a path of this site' })
  url?: string;

  @ApiPropertyOptional({ maxLength: ERROR_REPORT_LIMITS.moduleId, example: 'crm' })
  @IsOptional()
  @IsString({ message: 'module_id must be text' })
  @Matches(/^[a-z0-9-]{1,64}$/, { message: 'module_id must be a module id' })
  module_id?: string;
}

export class PlatformErrorReportQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this institution’s reports' })
  @IsOptional()
  @IsUUID('all', { message: 'institution_id must be an institution id' })
  institution_id?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(200, { message: 'limit must be at most 200' })
  limit?: number;
}

export class PlatformErrorReportResponse implements PlatformErrorReport {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) institution_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) institution_name!: string | null;
  @ApiProperty() user_email!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ nullable: true, type: String }) detail!: string | null;
  @ApiProperty({ nullable: true, type: String }) url!: string | null;
  @ApiProperty({ nullable: true, type: String }) module_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) user_agent!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
