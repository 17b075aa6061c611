import { ApiProperty } from '@nestjs/swagger';
import {
  type CrmViewInput,
  RECENTLY_VIEWED_CRM_ENTITIES,
  type RecentlyViewedCrmEntity,
} from '@tessera/data-access/contracts';
import { IsIn, IsUUID } from 'class-validator';

/** POST /api/home/recently-viewed: the CRM page just opened. */
export class CrmViewDto implements CrmViewInput {
  @ApiProperty({ enum: RECENTLY_VIEWED_CRM_ENTITIES })
  @IsIn(RECENTLY_VIEWED_CRM_ENTITIES, {
    message: `entity must be one of ${RECENTLY_VIEWED_CRM_ENTITIES.join(', ')}`,
  })
  entity: RecentlyViewedCrmEntity;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a deal or company id' })
  id: string;
}
