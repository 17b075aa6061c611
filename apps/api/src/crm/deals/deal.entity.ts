import type { DealStage, DealStatus } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericColumn } from '../common/crm-scope';

@Entity('crm_deals')
export class DealEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) title: string | null;
  @Column('text', { nullable: true }) description: string | null;
  @Column('numeric', { precision: 14, scale: 2, default: 0, transformer: numericColumn }) amount: number;
  @Column('char', { length: 3, default: 'USD' }) currency: string;
  @Column('int', { nullable: true }) probability: number | null;
  @Column('text', { default: 'prospecting' }) stage: DealStage;
  @Column('text', { default: 'open' }) status: DealStatus;
  @Column('uuid', { nullable: true }) account_id: string | null;
  @Column('uuid', { nullable: true }) contact_id: string | null;
  @Column('date', { nullable: true }) expected_close_date: string | null;
  @Column('text', { nullable: true }) lead_source: string | null;
  @Column('timestamptz', { nullable: true }) closed_at: Date | null;
  /** Bumped by a trigger on every update; not TypeORM's @VersionColumn (the check is ours, 409). */
  @Column('int', { default: 1 }) version: number;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
