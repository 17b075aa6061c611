import type { EntityManager } from 'typeorm';
import type { AutomationEvent } from './engine/automation-event';
import { eventRecord } from './engine/automation-event';
import type { RunEntry, RunLog } from './engine/automation-engine';
import type { AutomationRuleEntity } from './automation-rule.entity';
import { AutomationRuleRunEntity } from './automation-rule-run.entity';
import type { AutomationActionType } from '@tessera/data-access/contracts';

/**
 * Rule runs (`automation_rule_runs`): the event, the contact and the records each action made;
 * the rule's execution_count and last_executed_at move with every run.
 */
export const automationRuleRunLog: RunLog<AutomationRuleEntity> = {
  async alreadyRan(manager: EntityManager, rule: AutomationRuleEntity, event: AutomationEvent) {
    if (event.type !== 'email_opened') return false;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM automation_rule_runs WHERE rule_id = $1 AND event->>'message_id' = $2`,
      [rule.id, event.messageId],
    );
    return rows.length > 0;
  },

  async record(manager: EntityManager, entry: RunEntry<AutomationRuleEntity>) {
    const rule = entry.source;
    if (entry.counts)
      await manager.query(
        `UPDATE automation_rules SET execution_count = execution_count + 1, last_executed_at = now() WHERE id = $1`,
        [rule.id],
      );
    await manager.insert(AutomationRuleRunEntity, {
      rule_id: rule.id,
      org_id: rule.org_id,
      owner_id: entry.scope.userId,
      // A lead is named in the event (contact_id refers to contacts only).
      contact_id: entry.event.type === 'lead_created' ? null : entry.targetId,
      event: eventRecord(entry.event),
      actions_performed: entry.outcomes.map((outcome) => ({
        type: outcome.type as AutomationActionType,
        record_id: outcome.record_id,
      })),
      status: entry.status === 'failed' ? 'failed' : 'succeeded',
      message: entry.message,
    });
    return true;
  },
};
