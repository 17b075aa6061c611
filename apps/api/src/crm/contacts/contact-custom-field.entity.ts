import { ApiProperty } from '@nestjs/swagger';
import {
  type ContactCustomField,
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';

/** crm_contact_custom_fields: one value per (contact_id, field_name). Scoped through its contact. */
@Entity('crm_contact_custom_fields')
export class ContactCustomFieldEntity implements StoredRow<ContactCustomField> {
  @ApiProperty({ type: String, format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  contact_id: string;
  /** Copied from the parent by a trigger (every CRM row carries its tenant). */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column({ type: 'uuid', nullable: true, insert: false, update: false })
  org_id: string | null;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column({ type: 'uuid', insert: false, update: false })
  owner_id: string;
  @ApiProperty({ type: String })
  @Column('text')
  field_name: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  field_value: string | null;
  @ApiProperty({ enum: CUSTOM_FIELD_TYPES })
  @Column('text', { default: 'text' })
  field_type: CustomFieldType;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
