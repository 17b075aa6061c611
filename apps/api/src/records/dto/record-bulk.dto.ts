import { ApiProperty } from '@nestjs/swagger';
import {
  RECORDS_BULK_MAX,
  type RecordBulkDeleteBody,
  type RecordBulkResult,
  type RecordBulkUpdateBody,
  SAVED_VIEW_NAME_MAX,
  type SavedListView,
  type SavedListViewBody,
} from '@tessera/data-access/contracts';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';

export class BulkDeleteRecordsDto implements RecordBulkDeleteBody {
  @ApiProperty({ type: [String], maxItems: RECORDS_BULK_MAX, description: 'Ids of the records to delete' })
  @IsArray()
  @ArrayMinSize(1, { message: 'Select at least one record' })
  @ArrayMaxSize(RECORDS_BULK_MAX, { message: `Select at most ${RECORDS_BULK_MAX} records` })
  @IsUUID('all', { each: true, message: 'each id must be a record id' })
  ids: string[];
}

export class BulkUpdateRecordsDto extends BulkDeleteRecordsDto implements RecordBulkUpdateBody {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The values to set on every record',
  })
  @IsObject()
  data: Record<string, unknown>;
}

export class RecordBulkResultResponse implements RecordBulkResult {
  @ApiProperty({ description: 'How many records changed' })
  count: number;
}

export class SaveListViewDto implements SavedListViewBody {
  @ApiProperty({ maxLength: SAVED_VIEW_NAME_MAX })
  @IsString()
  @IsNotEmpty({ message: 'Name the view' })
  @MaxLength(SAVED_VIEW_NAME_MAX, { message: `name must be at most ${SAVED_VIEW_NAME_MAX} characters` })
  name: string;

  @ApiProperty({ description: 'The list’s URL parameters, without “?”' })
  @IsString()
  @MaxLength(4000, { message: 'query is too long' })
  query: string;
}

export class SavedListViewResponse implements SavedListView {
  @ApiProperty()
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  query: string;

  @ApiProperty()
  created_at: string;
}
