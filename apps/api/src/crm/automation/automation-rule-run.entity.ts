import type { AutomationActionType } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One firing of an automation rule: what triggered it and which records its actions made. */
@Entity('automation_rule_runs')
export class AutomationRuleRunEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') rule_id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('uuid', { nullable: true }) contact_id: string | null;
  @Column('jsonb', { default: () => `'{}'` }) event: Record<string, unknown>;
  @Column('jsonb', { default: () => `'[]'` }) actions_performed: Array<{
    type: AutomationActionType;
    record_id: string | null;
  }>;
  @Column('text', { default: 'succeeded' }) status: 'succeeded' | 'failed';
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
}
