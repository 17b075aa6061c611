import { ApiProperty } from '@nestjs/swagger';
import type { WebForm, WebFormField } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';
import { CrmOwnedEntity } from '../common/crm-owned.entity';
import { WebFormFieldDto } from './dto/web-form.dto';

@Entity('crm_web_forms')
export class WebFormEntity extends CrmOwnedEntity implements StoredRow<Omit<WebForm, 'submission_count'>> {
  @ApiProperty({ type: String })
  @Column('text')
  name: string;
  @ApiProperty({ type: [WebFormFieldDto] })
  @Column('jsonb')
  fields: WebFormField[];
  @ApiProperty({ type: String })
  @Column('text')
  thank_you_message: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  redirect_url: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  consent_text: string | null;
  @ApiProperty({ type: [String] })
  @Column('text', { array: true, default: () => `'{}'` })
  allowed_origins: string[];
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
