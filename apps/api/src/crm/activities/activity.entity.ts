import type { ActivityStatus, ActivityType } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('crm_activities')
export class ActivityEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('uuid', { nullable: true }) contact_id: string | null;
  @Column('uuid', { nullable: true }) deal_id: string | null;
  @Column('uuid', { nullable: true }) lead_id: string | null;
  @Column('uuid', { nullable: true }) campaign_id: string | null;
  @Column('text') type: ActivityType;
  @Column('text') subject: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('text', { default: 'pending' }) status: ActivityStatus;
  @Column('timestamptz', { nullable: true }) due_date: Date | null;
  @Column('timestamptz', { nullable: true }) completed_at: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
}
