import type { CustomFieldType } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** crm_contact_custom_fields: one value per (contact_id, field_name). Scoped through its contact. */
@Entity('crm_contact_custom_fields')
export class ContactCustomFieldEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') contact_id: string;
  @Column('text') field_name: string;
  @Column('text', { nullable: true }) field_value: string | null;
  @Column('text', { default: 'text' }) field_type: CustomFieldType;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
