import { ApiProperty } from '@nestjs/swagger';
import {
  CAMPAIGN_STATUSES,
  type CampaignAudience,
  type CampaignStatus,
  type EmailCampaign,
} from '@tessera/data-access/contracts';
import type { StoredRow } from '../../common/stored-row';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmOwnedEntity } from '../common/crm-owned.entity';

@Entity('crm_email_campaigns')
export class EmailCampaignEntity
  extends CrmOwnedEntity
  implements StoredRow<EmailCampaign, 'sent_at' | 'send_requested_at' | 'delivery_queued_at' | 'send_at'>
{
  @ApiProperty({ type: String })
  @Column('text')
  name: string;
  @ApiProperty({ type: String })
  @Column('text')
  subject: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  body: string | null;
  @ApiProperty({ enum: CAMPAIGN_STATUSES })
  @Column('text', { default: 'draft' })
  status: CampaignStatus;
  @ApiProperty({ type: 'object', additionalProperties: true })
  @Column('jsonb', { default: () => `'{}'` })
  audience: CampaignAudience;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  sent_at: Date | null;
  @ApiProperty({ type: Number })
  @Column('int', { default: 0 })
  recipients_count: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  send_requested_at: Date | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  send_requested_by: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Recipients found when the audience was resolved',
  })
  @Column('int', { nullable: true })
  delivery_total: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  delivery_queued_at: Date | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  delivery_error: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a scheduled campaign is sent',
  })
  @Column('timestamptz', { nullable: true })
  send_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
