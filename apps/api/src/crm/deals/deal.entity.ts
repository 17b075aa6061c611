import type { Deal } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import {
  type DealStage,
  type DealStatus,
  DEAL_STAGES,
  DEAL_STATUSES,
  SETTABLE_FORECAST_CATEGORIES,
  type SettableForecastCategory,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { numericColumn } from '../common/crm-columns';
import { CrmOwnedEntity } from '../common/crm-owned.entity';

@Entity('crm_deals')
export class DealEntity extends CrmOwnedEntity implements StoredRow<Deal, 'closed_at'> {
  @ApiProperty({ type: String })
  @Column('text')
  name: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  title: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  description: string | null;
  @ApiProperty({ type: Number })
  @Column('numeric', { precision: 14, scale: 2, default: 0, transformer: numericColumn })
  amount: number;
  @ApiProperty({ type: String })
  @Column('char', { length: 3, default: 'USD' })
  currency: string;
  @ApiProperty({ type: Number, nullable: true })
  @Column('int', { nullable: true })
  probability: number | null;
  @ApiProperty({ enum: DEAL_STAGES })
  @Column('text', { default: 'prospecting' })
  stage: DealStage;
  @ApiProperty({ enum: DEAL_STATUSES })
  @Column('text', { default: 'open' })
  status: DealStatus;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  company_id: string | null;
  /** Computed by the database from company_id (the spec's name for the same link). */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, readOnly: true })
  @Column({ type: 'uuid', nullable: true, insert: false, update: false })
  account_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  contact_id: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true })
  @Column('date', { nullable: true })
  expected_close_date: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  lead_source: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  closed_at: Date | null;
  /** Set by the deal's owner on the forecast (docs/product/forecast.md); closed follows from winning. */
  @ApiProperty({ enum: SETTABLE_FORECAST_CATEGORIES, nullable: true })
  @Column({ type: 'text', nullable: true, insert: false, update: false })
  forecast_category: SettableForecastCategory | null;
  /** Bumped by a trigger on every update; not TypeORM's @VersionColumn (the check is ours, 409). */
  @ApiProperty({ type: Number })
  @Column('int', { default: 1 })
  version: number;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
