import type { ContactCustomField } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import { type CustomFieldType, CUSTOM_FIELD_TYPES } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { CrmChildEntity } from '../common/crm-owned.entity';

/** crm_contact_custom_fields: one value per (contact_id, field_name). Scoped through its contact. */
@Entity('crm_contact_custom_fields')
export class ContactCustomFieldEntity extends CrmChildEntity implements StoredRow<ContactCustomField> {
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  contact_id: string;
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
