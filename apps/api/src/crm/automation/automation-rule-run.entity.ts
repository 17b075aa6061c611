import type { AutomationRuleRun } from '@tessera/data-access/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { StoredRow } from '../../common/stored-row';
import type { AutomationActionType } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity } from 'typeorm';
import { CrmOwnedEntity } from '../common/crm-owned.entity';

/** One firing of an automation rule: what triggered it and which records its actions made. */
@Entity('automation_rule_runs')
export class AutomationRuleRunEntity extends CrmOwnedEntity implements StoredRow<AutomationRuleRun> {
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  rule_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  contact_id: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true })
  @Column('jsonb', { default: () => `'{}'` })
  event: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @Column('jsonb', { default: () => `'[]'` })
  actions_performed: Array<{
    type: AutomationActionType;
    record_id: string | null;
  }>;
  @ApiProperty({ type: String })
  @Column('text', { default: 'succeeded' })
  status: 'succeeded' | 'failed';
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  message: string | null;
  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
