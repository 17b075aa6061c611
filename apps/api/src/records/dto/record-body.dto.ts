import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsObject, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** Field values are checked against the submodule's schema by the service, not here. */
export class CreateRecordDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Field values keyed by field key' })
  @IsObject()
  data: Record<string, unknown>;
}

export class UpdateRecordDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Only the fields to change' })
  @IsObject()
  data: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'The version read; a stale one answers 409' })
  @IsOptional()
  @IsInt()
  @Min(1)
  version?: number;
}

export class ImportRecordsDto {
  @ApiProperty({ description: 'CSV text: a header row of field keys or labels, then one record per row' })
  @IsString()
  @MaxLength(20 * 1024 * 1024)
  csv: string;
}
