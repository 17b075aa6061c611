import { ApiProperty } from '@nestjs/swagger';
import type { RelatedRecords, RelatedRecordsGroup } from '@tessera/data-access/contracts';

export class RelatedRecordLink {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: "The record's title field" }) title: string;
}

export class RelatedRecordsGroupResponse implements RelatedRecordsGroup {
  @ApiProperty({ example: 'healthcare' }) moduleId: string;
  @ApiProperty({ example: 'appointments' }) submoduleId: string;
  @ApiProperty({ example: 'Appointment' }) entityName: string;
  @ApiProperty({ example: 'Appointments' }) entityNamePlural: string;
  @ApiProperty({ description: 'The referring field', example: 'patient' }) field: string;
  @ApiProperty({ example: 'Patient' }) fieldLabel: string;
  @ApiProperty({ description: 'How many records point here' }) total: number;
  @ApiProperty({ type: [RelatedRecordLink], description: 'The most recent of them' })
  records: RelatedRecordLink[];
}

export class RelatedRecordsResponse implements RelatedRecords {
  @ApiProperty({ type: [RelatedRecordsGroupResponse] }) groups: RelatedRecordsGroupResponse[];
}
