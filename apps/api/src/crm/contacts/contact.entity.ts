import type { ContactStatus } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('crm_contacts')
export class ContactEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') first_name: string;
  @Column('text') last_name: string;
  @Column('text', { nullable: true }) email: string | null;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { nullable: true }) company: string | null;
  @Column('text', { nullable: true }) title: string | null;
  @Column('text', { default: 'active' }) status: ContactStatus;
  @Column('text', { nullable: true }) lead_source: string | null;
  @Column('text', { array: true, default: () => `'{}'` }) tags: string[];
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
