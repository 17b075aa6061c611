import { Injectable } from '@nestjs/common';
import type { AutomationActionType, ContactStatus } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { logActivities } from '../activities/activity-log';
import { inScope } from '../../access/scoped-query';
import type { ContactEntity } from '../contacts/contact.entity';
import { DealEntity } from '../deals/deal.entity';
import { AutomationRuleEntity } from './automation-rule.entity';
import { CrmMailer, defaultAutomationBody } from '../email/crm-mailer';
import { AutomationRuleRunEntity } from './automation-rule-run.entity';

const DAY_MS = 86_400_000;

export interface StageChangeEvent {
  contact: ContactEntity;
  from: ContactStatus;
  to: ContactStatus;
}

export interface FiredRule {
  rule_id: string;
  actions: AutomationActionType[];
}

type ActionConfig = Record<string, string | number | boolean | null> | undefined;

const text = (config: ActionConfig, key: string): string | null => {
  const value = config?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};
const number = (config: ActionConfig, key: string): number | null => {
  const value = config?.[key];
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

/** What a rule reacted to, as recorded on its run. */
type RuleEvent =
  | { event_type: 'stage_change'; from_stage: ContactStatus; to_stage: ContactStatus }
  | { event_type: 'email_opened'; message_id: string; campaign_id?: string };

/**
 * Runs the enabled crm automation rules an event matches (docs/product/contacts.md#pipeline-move-of-a-contact; a contact's
 * first open of a tracked e-mail), inside the caller's transaction: their actions really happen
 * (deal, task, e-mail through the outbox), the rule's execution_count and last_executed_at move,
 * and a run row records what was made. If anything fails, the change itself rolls back with it.
 */
@Injectable()
export class AutomationRunner {
  constructor(private readonly mailer: CrmMailer) {}

  async onStageChange(
    manager: EntityManager,
    scope: TenantScope,
    event: StageChangeEvent,
  ): Promise<FiredRule[]> {
    const rules: AutomationRuleEntity[] = await inScope(
      manager.createQueryBuilder(AutomationRuleEntity, 'r'),
      scope,
    )
      .andWhere(`r.module_source = 'crm' AND r.enabled`)
      .andWhere(`r.conditions_json->>'event_type' = 'stage_change'`)
      .andWhere(`r.conditions_json->'stage_change'->>'to_stage' = :to`, { to: event.to })
      .andWhere(
        `(r.conditions_json->'stage_change'->>'from_stage' IS NULL OR r.conditions_json->'stage_change'->>'from_stage' = :from)`,
        { from: event.from },
      )
      .orderBy('r.created_at', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    return this.fire(manager, scope, rules, event.contact, {
      event_type: 'stage_change',
      from_stage: event.from,
      to_stage: event.to,
    });
  }

  /**
   * A contact opened a tracked e-mail for the first time. Keyed by the message: a rule that
   * already ran for this open (a job run again after a crash) does not run twice.
   */
  async onEmailOpened(
    manager: EntityManager,
    scope: TenantScope,
    contact: ContactEntity,
    message: { id: string; campaign_id: string | null },
  ): Promise<FiredRule[]> {
    const rules: AutomationRuleEntity[] = await inScope(
      manager.createQueryBuilder(AutomationRuleEntity, 'r'),
      scope,
    )
      .andWhere(`r.module_source = 'crm' AND r.enabled`)
      .andWhere(`r.conditions_json->>'event_type' = 'email_opened'`)
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM automation_rule_runs run WHERE run.rule_id = r.id AND run.event->>'message_id' = :messageId)`,
        { messageId: message.id },
      )
      .orderBy('r.created_at', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    return this.fire(manager, scope, rules, contact, {
      event_type: 'email_opened',
      message_id: message.id,
      ...(message.campaign_id ? { campaign_id: message.campaign_id } : {}),
    });
  }

  private async fire(
    manager: EntityManager,
    scope: TenantScope,
    rules: AutomationRuleEntity[],
    contact: ContactEntity,
    event: RuleEvent,
  ): Promise<FiredRule[]> {
    const fired: FiredRule[] = [];
    for (const rule of rules) {
      const performed: Array<{ type: AutomationActionType; record_id: string | null }> = [];
      for (const action of rule.actions_json ?? []) {
        performed.push({
          type: action.type,
          record_id: await this.perform(manager, contact, event, action.type, action.config),
        });
      }
      await manager.query(
        `UPDATE automation_rules SET execution_count = execution_count + 1, last_executed_at = now() WHERE id = $1`,
        [rule.id],
      );
      await manager.insert(AutomationRuleRunEntity, {
        rule_id: rule.id,
        org_id: rule.org_id,
        owner_id: scope.userId,
        contact_id: contact.id,
        event,
        actions_performed: performed,
        status: 'succeeded',
      });
      fired.push({ rule_id: rule.id, actions: performed.map((entry) => entry.type) });
    }
    return fired;
  }

  private async perform(
    manager: EntityManager,
    contact: ContactEntity,
    event: RuleEvent,
    type: AutomationActionType,
    config: ActionConfig,
  ): Promise<string | null> {
    const person = `${contact.first_name} ${contact.last_name}`.trim();
    const because = event.event_type === 'email_opened' ? 'opened an e-mail' : 'moved';
    const owner = { org_id: contact.org_id, owner_id: contact.owner_id };
    switch (type) {
      case 'create_deal': {
        // docs/product/automation.md: an automated new deal starts at prospecting, status open.
        const amount = Math.max(0, number(config, 'amount') ?? 0);
        const inserted = await manager.insert(DealEntity, {
          ...owner,
          name: text(config, 'name') ?? `${contact.company || person} opportunity`,
          description: text(config, 'description') ?? `Created by automation when ${person} ${because}`,
          amount,
          stage: 'prospecting',
          status: 'open',
          contact_id: contact.id,
          lead_source: contact.lead_source,
        });
        return String(inserted.identifiers[0]?.id);
      }
      case 'create_task': {
        const days = number(config, 'due_in_days') ?? 1;
        const [id] = await logActivities(manager, [
          {
            ...owner,
            contact_id: contact.id,
            type: 'task',
            subject: text(config, 'subject') ?? `Follow up with ${person}`,
            description: text(config, 'description'),
            status: 'pending',
            due_date: new Date(Date.now() + days * DAY_MS),
          },
        ]);
        return id ?? null;
      }
      case 'send_email': {
        const subject = text(config, 'subject') ?? 'Hello {{first_name}}';
        const outcome = await this.mailer.send(manager, {
          kind: 'automation',
          recipient: { ...contact, contact_id: contact.id },
          subject,
          body: text(config, 'body') ?? defaultAutomationBody(subject),
          sentBy: null,
          loggedBy: contact.owner_id,
          describe: (to) => `Sent to ${to} by automation`,
        });
        // No address, or unsubscribed: the rule still ran, nothing was sent.
        return outcome.sent ? outcome.activityId : null;
      }
    }
  }
}
