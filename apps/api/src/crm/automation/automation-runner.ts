import { Injectable } from '@nestjs/common';
import type { ContactStatus, FiredAutomationRule } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { inScope } from '../../access/scoped-query';
import type { ContactEntity } from '../contacts/contact.entity';
import { AutomationRuleEntity } from './automation-rule.entity';
import { automationRuleRunLog } from './automation-rule-run-log';
import type { AutomationEvent } from './engine/automation-event';
import { AutomationEngine, type AutomationPlan } from './engine/automation-engine';
import { ruleMatches } from './engine/triggers';

export interface StageChangeEvent {
  contact: ContactEntity;
  from: ContactStatus;
  to: ContactStatus;
}

/** A rule as the engine runs it; its texts are the rules' own. */
function rulePlan(rule: AutomationRuleEntity): AutomationPlan<AutomationRuleEntity> {
  return {
    source: rule,
    id: rule.id,
    name: rule.name,
    actions: rule.actions_json ?? [],
    texts: { emailSubject: 'Hello {{first_name}}', emailSent: (to) => `Sent to ${to} by automation` },
  };
}

/**
 * Sets off the enabled crm automation rules an event matches (docs/product/contacts.md#pipeline-move-of-a-contact; a contact's
 * first open of a tracked e-mail) and runs them through the automation engine inside the caller's
 * transaction: their actions really happen (deal, task, e-mail through the outbox), the rule's
 * execution_count and last_executed_at move, and a run row records what was made. If anything
 * fails, the change itself rolls back with it.
 */
@Injectable()
export class AutomationRunner {
  constructor(private readonly engine: AutomationEngine) {}

  onStageChange(
    manager: EntityManager,
    scope: TenantScope,
    event: StageChangeEvent,
  ): Promise<FiredAutomationRule[]> {
    return this.fire(manager, scope, event.contact, { type: 'stage_change', from: event.from, to: event.to });
  }

  /**
   * A contact opened a tracked e-mail for the first time. Keyed by the message: a rule that
   * already ran for this open (a job run again after a crash) does not run twice.
   */
  onEmailOpened(
    manager: EntityManager,
    scope: TenantScope,
    contact: ContactEntity,
    message: { id: string; campaign_id: string | null },
  ): Promise<FiredAutomationRule[]> {
    return this.fire(manager, scope, contact, {
      type: 'email_opened',
      messageId: message.id,
      campaignId: message.campaign_id,
    });
  }

  private async fire(
    manager: EntityManager,
    scope: TenantScope,
    contact: ContactEntity,
    event: AutomationEvent,
  ): Promise<FiredAutomationRule[]> {
    // The rules of this kind of event are locked while they run: the same open reported twice
    // at once waits here, then finds the first run in the log.
    const rules = await inScope(manager.createQueryBuilder(AutomationRuleEntity, 'r'), scope)
      .andWhere(`r.module_source = 'crm' AND r.enabled`)
      .andWhere(`r.conditions_json->>'event_type' = :type`, { type: event.type })
      .orderBy('r.created_at', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    const fired: FiredAutomationRule[] = [];
    for (const rule of rules.filter((candidate) => ruleMatches(candidate.conditions_json, event))) {
      const run = await this.engine.runWithin(
        manager,
        scope,
        event,
        rulePlan(rule),
        { kind: 'contact', contact },
        automationRuleRunLog,
      );
      if (run)
        fired.push({ rule_id: rule.id, actions: (rule.actions_json ?? []).map((action) => action.type) });
    }
    return fired;
  }
}
