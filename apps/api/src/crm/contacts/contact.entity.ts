import type { Contact } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import { type ContactStatus, CONTACT_STATUSES } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmPersonEntity } from '../common/crm-owned.entity';

@Entity('crm_contacts')
export class ContactEntity extends CrmPersonEntity implements StoredRow<Contact, 'unsubscribed_at'> {
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  title: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  company_id: string | null;
  @ApiProperty({ enum: CONTACT_STATUSES })
  @Column('text', { default: 'active' })
  status: ContactStatus;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  lead_source: string | null;
  @ApiProperty({ type: [String] })
  @Column('text', { array: true, default: () => `'{}'` })
  tags: string[];
  /** Set only by the unsubscribe link of a campaign e-mail (docs/product/campaigns.md). */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column({ type: 'timestamptz', nullable: true, insert: false, update: false })
  unsubscribed_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
