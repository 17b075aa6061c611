import type { CampaignAudience, CampaignStatus } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('crm_email_campaigns')
export class EmailCampaignEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') name: string;
  @Column('text') subject: string;
  @Column('text', { nullable: true }) body: string | null;
  @Column('text', { default: 'draft' }) status: CampaignStatus;
  @Column('jsonb', { default: () => `'{}'` }) audience: CampaignAudience;
  @Column('timestamptz', { nullable: true }) sent_at: Date | null;
  @Column('int', { default: 0 }) recipients_count: number;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
