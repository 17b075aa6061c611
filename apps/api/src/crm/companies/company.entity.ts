import {
  COMPANY_SIZES,
  type Company,
  type CompanySize,
  INDUSTRIES,
  type Industry,
} from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import type { StoredRow } from '../../common/stored-row';
import { CrmOwnedEntity } from '../common/crm-owned.entity';

@Entity('crm_companies')
export class CompanyEntity extends CrmOwnedEntity implements StoredRow<Company> {
  @ApiProperty({ type: String })
  @Column('text')
  name: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  domain: string | null;
  @ApiProperty({ enum: INDUSTRIES, nullable: true })
  @Column('text', { nullable: true })
  industry: Industry | null;
  @ApiProperty({ enum: COMPANY_SIZES, nullable: true })
  @Column('text', { nullable: true })
  size: CompanySize | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  phone: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  address: string | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
