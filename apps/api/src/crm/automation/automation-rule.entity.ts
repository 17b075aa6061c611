import type {
  AutomationAction,
  AutomationConditions,
  AutomationModuleSource,
} from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('automation_rules')
export class AutomationRuleEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { nullable: true }) org_id: string | null;
  @Column('uuid') owner_id: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('text', { default: 'crm' }) module_source: AutomationModuleSource;
  @Column('boolean', { default: true }) enabled: boolean;
  @Column('jsonb') conditions_json: AutomationConditions;
  @Column('jsonb', { default: () => `'[]'` }) actions_json: AutomationAction[];
  @Column('int', { default: 0 }) execution_count: number;
  @Column('timestamptz', { nullable: true }) last_executed_at: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
