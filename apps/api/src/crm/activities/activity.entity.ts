import { ApiProperty } from '@nestjs/swagger';
import {
  type Activity,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  type ActivityStatus,
  type ActivityType,
} from '@tessera/data-access/contracts';
import type { StoredRow } from '../../common/stored-row';
import { Column, CreateDateColumn, Entity } from 'typeorm';
import { CrmOwnedEntity } from '../common/crm-owned.entity';

@Entity('crm_activities')
export class ActivityEntity
  extends CrmOwnedEntity
  implements StoredRow<Activity, 'due_date' | 'completed_at'>
{
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  contact_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  deal_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  lead_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  campaign_id: string | null;
  @ApiProperty({ enum: ACTIVITY_TYPES })
  @Column('text')
  type: ActivityType;
  @ApiProperty({ type: String })
  @Column('text')
  subject: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  description: string | null;
  @ApiProperty({ enum: ACTIVITY_STATUSES })
  @Column('text', { default: 'pending' })
  status: ActivityStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  due_date: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  completed_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
