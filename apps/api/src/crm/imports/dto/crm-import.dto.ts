import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CRM_IMPORT_BODY_LIMIT_BYTES,
  CRM_IMPORT_ENTITIES,
  type CrmImportEntity,
  type CrmImportStatus,
  DUPLICATE_MODES,
  type DuplicateMode,
  JOB_STATUSES,
  type JobStatus,
  type RecordImportRowError,
  type StartCrmImportInput,
} from '@tessera/data-access/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
} from 'class-validator';

export class StartCrmImportDto implements StartCrmImportInput {
  @ApiProperty({ enum: CRM_IMPORT_ENTITIES })
  @IsIn(CRM_IMPORT_ENTITIES, { message: `entity must be one of ${CRM_IMPORT_ENTITIES.join(', ')}` })
  entity: CrmImportEntity;

  @ApiProperty({ description: 'CSV text: a header row, then one record per row' })
  @IsString()
  @MinLength(1, { message: 'csv must not be empty' })
  @MaxLength(CRM_IMPORT_BODY_LIMIT_BYTES)
  csv: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', nullable: true },
    description: 'One entry per file column: the field key it goes to, or null to leave it out',
  })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateBy({
    name: 'fieldKeysOrNull',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) && value.every((entry) => entry === null || typeof entry === 'string'),
      defaultMessage: () => 'mapping must give a field key or null for each column',
    },
  })
  mapping: (string | null)[];

  @ApiProperty({ enum: DUPLICATE_MODES })
  @IsIn(DUPLICATE_MODES, { message: `duplicates must be one of ${DUPLICATE_MODES.join(', ')}` })
  duplicates: DuplicateMode;
}

export class CrmImportsQueryDto {
  @ApiPropertyOptional({ enum: CRM_IMPORT_ENTITIES })
  @IsOptional()
  @IsIn(CRM_IMPORT_ENTITIES)
  entity?: CrmImportEntity;
}

class CrmImportRowErrorDto implements RecordImportRowError {
  @ApiProperty({ description: 'The row number as a spreadsheet shows it (the header is row 1)' })
  row: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'A message per field',
  })
  errors: Record<string, string>;
}

export class CrmImportStatusDto implements CrmImportStatus {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: JOB_STATUSES }) status: JobStatus;
  @ApiProperty({ type: String, nullable: true }) failure: string | null;
  @ApiProperty({ enum: CRM_IMPORT_ENTITIES }) entity: CrmImportEntity;
  @ApiProperty({ enum: DUPLICATE_MODES }) duplicates: DuplicateMode;
  @ApiProperty() total_rows: number;
  @ApiProperty() processed_rows: number;
  @ApiProperty() created_count: number;
  @ApiProperty() updated_count: number;
  @ApiProperty() skipped_count: number;
  @ApiProperty() error_count: number;
  @ApiProperty({ type: [CrmImportRowErrorDto] }) errors: RecordImportRowError[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) undone_at: string | null;
}
