import { ApiProperty } from '@nestjs/swagger';
import type { DueItem, DueList, HomeTileValue, RecentlyViewedRecord } from '@tessera/data-access/contracts';

export class HomeTileValueResponse implements HomeTileValue {
  @ApiProperty()
  id: string;

  @ApiProperty()
  label: string;

  @ApiProperty()
  value: number;

  @ApiProperty({ enum: ['number', 'money'] })
  format: 'number' | 'money';
}

export class DueItemResponse implements DueItem {
  @ApiProperty()
  moduleId: string;

  @ApiProperty()
  submoduleId: string;

  @ApiProperty()
  entityName: string;

  @ApiProperty()
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'YYYY-MM-DD' })
  due: string;

  @ApiProperty()
  overdue: boolean;
}

export class DueListResponse implements DueList {
  @ApiProperty({ type: [DueItemResponse] })
  items: DueItemResponse[];

  @ApiProperty({ description: 'More were due than listed' })
  truncated: boolean;
}

export class RecentlyViewedRecordResponse implements RecentlyViewedRecord {
  @ApiProperty()
  moduleId: string;

  @ApiProperty()
  submoduleId: string;

  @ApiProperty()
  recordId: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  path: string;

  @ApiProperty()
  viewed_at: string;
}
