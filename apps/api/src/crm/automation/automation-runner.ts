import { Injectable } from '@nestjs/common';
import type { AutomationActionType, ContactStatus } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { logActivities } from '../activities/activity-log';
import { inScope } from '../common/crm-scope';
import type { ContactEntity } from '../contacts/contact.entity';
import { DealEntity } from '../deals/deal.entity';
import { AutomationRuleEntity } from './automation-rule.entity';
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

/**
 * Runs the enabled crm automation rules an event matches (spec §4 pipeline move), inside the
 * caller's transaction: their actions really happen (deal, task, e-mail), the rule's
 * execution_count and last_executed_at move, and a run row records what was made. If anything
 * fails, the move itself rolls back with it.
 */
@Injectable()
export class AutomationRunner {
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

    const fired: FiredRule[] = [];
    for (const rule of rules) {
      const performed: Array<{ type: AutomationActionType; record_id: string | null }> = [];
      for (const action of rule.actions_json ?? []) {
        performed.push({
          type: action.type,
          record_id: await this.perform(manager, event, action.type, action.config),
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
        contact_id: event.contact.id,
        event: { event_type: 'stage_change', from_stage: event.from, to_stage: event.to },
        actions_performed: performed,
        status: 'succeeded',
      });
      fired.push({ rule_id: rule.id, actions: performed.map((entry) => entry.type) });
    }
    return fired;
  }

  private async perform(
    manager: EntityManager,
    { contact }: StageChangeEvent,
    type: AutomationActionType,
    config: ActionConfig,
  ): Promise<string | null> {
    const person = `${contact.first_name} ${contact.last_name}`.trim();
    const owner = { org_id: contact.org_id, owner_id: contact.owner_id };
    switch (type) {
      case 'create_deal': {
        // Spec §4: an automated new deal starts at prospecting, status open.
        const amount = Math.max(0, number(config, 'amount') ?? 0);
        const inserted = await manager.insert(DealEntity, {
          ...owner,
          name: text(config, 'name') ?? `${contact.company || person} opportunity`,
          description: text(config, 'description') ?? `Created by automation when ${person} moved`,
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
        // No mail transport yet: "sent" is the logged, completed email activity, as campaigns do.
        if (!contact.email) return null;
        const [id] = await logActivities(manager, [
          {
            ...owner,
            contact_id: contact.id,
            type: 'email',
            subject: text(config, 'subject') ?? `Hello ${person}`,
            description: text(config, 'body') ?? `Sent to ${contact.email} by automation`,
            status: 'completed',
          },
        ]);
        return id ?? null;
      }
    }
  }
}
