import { ApiProperty } from '@nestjs/swagger';
import {
  CRM_DUPLICATE_ENTITIES,
  type CrmDuplicateEntity,
  type DuplicateGroup,
  type DuplicateReason,
  type DuplicateRecord,
  type MergeDuplicatesInput,
  type MergeResult,
} from '@tessera/data-access/contracts';
import { ArrayMaxSize, IsArray, IsIn, IsString, IsUUID } from 'class-validator';

export class DuplicateEntityParam {
  @ApiProperty({ enum: CRM_DUPLICATE_ENTITIES })
  @IsIn(CRM_DUPLICATE_ENTITIES, { message: `entity must be one of ${CRM_DUPLICATE_ENTITIES.join(', ')}` })
  entity: CrmDuplicateEntity;
}

export class MergeDuplicatesDto implements MergeDuplicatesInput {
  @ApiProperty({ format: 'uuid', description: 'The record that stays' })
  @IsUUID('all', { message: 'survivor_id must be a record id' })
  survivor_id: string;

  @ApiProperty({ format: 'uuid', description: 'The record merged into the survivor, then deleted' })
  @IsUUID('all', { message: 'merged_id must be a record id' })
  merged_id: string;

  @ApiProperty({ type: [String], description: 'Fields whose value comes from the merged record' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  take_from_merged: string[];
}

class DuplicateRecordDto implements DuplicateRecord {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'A person’s, company’s or deal’s name' }) label: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'The e-mail, domain or deal’s company' })
  detail: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string', nullable: true } })
  values: Record<string, string | null>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class DuplicateGroupDto implements DuplicateGroup {
  @ApiProperty({ enum: ['same_email', 'similar_name', 'same_domain'] }) reason: DuplicateReason;
  @ApiProperty() key: string;
  @ApiProperty({ type: [DuplicateRecordDto] }) records: DuplicateRecord[];
}

export class MergeResultDto implements MergeResult {
  @ApiProperty({ format: 'uuid' }) survivor_id: string;
  @ApiProperty({ format: 'uuid' }) merged_id: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'Child rows moved, by kind',
  })
  moved: Record<string, number>;
}
