import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  type ActivityListFilters,
  type ActivityStatus,
  type ActivityType,
  type CreateActivityInput,
} from '@tessera/data-access/contracts';
import { IsDateString, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { PaginationQueryDto } from '../../common/pagination.dto';
import { RequiredText } from '../../common/required-text';
import { OptionalIn } from '../../common/optional-in';

export class CreateActivityDto implements CreateActivityInput {
  @ApiProperty({ enum: ACTIVITY_TYPES }) @IsIn(ACTIVITY_TYPES) type: ActivityType;

  @RequiredText(200)
  subject: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @ApiPropertyOptional({ enum: ACTIVITY_STATUSES })
  @MayBeOmitted()
  @IsIn(ACTIVITY_STATUSES)
  status?: ActivityStatus;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateString() due_date?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() contact_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() deal_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() lead_id?: string;
}

export class ActivityListQueryDto extends PaginationQueryDto implements ActivityListFilters {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() contact_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() deal_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() lead_id?: string;
  @OptionalIn(ACTIVITY_STATUSES) status?: ActivityStatus;
}
