import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactStatus, FiredAutomationRule } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { inScope } from '../../access/scoped-query';
import { ContactEntity } from '../contacts/contact.entity';
import { AutomationRuleEntity } from './automation-rule.entity';
import { automationRuleRunLog } from './automation-rule-run-log';
import type { AutomationEvent } from './engine/automation-event';
import { AutomationEngine, type AutomationPlan, type AutomationRun } from './engine/automation-engine';
import type { AutomationTarget, LeadRecord } from './engine/automation-target';
import { ruleMatches } from './engine/triggers';

/** What a run acts on, read only when a rule matches: the record, or why there is none. */
type TargetLoader = (manager: EntityManager) => Promise<AutomationTarget | string>;

/** A new lead as rules read it (`lock`: held for a run in a transaction of its own). */
function loadLead(leadId: string, lock = false): TargetLoader {
  return async (manager) => {
    const [lead]: LeadRecord[] = await manager.query(
      `SELECT id, org_id, owner_id, first_name, last_name, company, email, lead_score, qualification_score
         FROM crm_leads WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [leadId],
    );
    return lead ? { kind: 'lead', lead } : 'The lead no longer exists';
  };
}

/** A new deal's rules act on its contact (tasks are linked to the deal as well). */
function loadDealContact(dealId: string): TargetLoader {
  return async (manager) => {
    const [deal]: Array<{ contact_id: string | null }> = await manager.query(
      'SELECT contact_id FROM crm_deals WHERE id = $1',
      [dealId],
    );
    const contact = deal?.contact_id ? await manager.findOneBy(ContactEntity, { id: deal.contact_id }) : null;
    return contact ? { kind: 'contact', contact } : 'Nothing done: the deal has no contact to act on';
  };
}

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
 * first open of a tracked e-mail; a new lead or deal) and runs them through the automation engine inside the caller's
 * transaction: their actions really happen (deal, task, e-mail through the outbox), the rule's
 * execution_count and last_executed_at move, and a run row records what was made. If anything
 * fails, the change itself rolls back with it.
 */
@Injectable()
export class AutomationRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly engine: AutomationEngine,
  ) {}

  /**
   * A lead was created (leads create route, lead capture, CRM import): the `lead_created` rules
   * run on it in the creation's transaction (docs/product/automation.md#new-leads-and-deals).
   */
  onLeadCreated(manager: EntityManager, scope: TenantScope, leadId: string): Promise<FiredAutomationRule[]> {
    return this.fire(manager, scope, loadLead(leadId), { type: 'lead_created', leadId });
  }

  /**
   * A lead was created by a path that has committed it already (a web form submission: the
   * visitor's lead must not be lost to a failing rule). Each `lead_created` rule runs in a
   * transaction of its own, as Smart Leads workflows do; a failure is a failed run in the rule's log.
   */
  async afterLeadCreated(scope: TenantScope, leadId: string): Promise<AutomationRun<AutomationRuleEntity>[]> {
    const event: AutomationEvent = { type: 'lead_created', leadId };
    const rules = await this.rulesFor(this.dataSource.manager, scope, event, false);
    const runs: AutomationRun<AutomationRuleEntity>[] = [];
    for (const rule of rules)
      runs.push(
        await this.engine.runAlone(
          scope,
          event,
          rulePlan(rule),
          { id: leadId, load: loadLead(leadId, true) },
          automationRuleRunLog,
        ),
      );
    return runs;
  }

  /**
   * A deal was created (deals create route, CRM import, a rule's create_deal): the `deal_created`
   * rules run on its contact in the creation's transaction. A deal made by a `deal_created` rule
   * sets off no `deal_created` rule: one rule could otherwise create deals without end.
   */
  onDealCreated(manager: EntityManager, scope: TenantScope, dealId: string): Promise<FiredAutomationRule[]> {
    return this.fire(manager, scope, loadDealContact(dealId), { type: 'deal_created', dealId });
  }

  onStageChange(
    manager: EntityManager,
    scope: TenantScope,
    event: StageChangeEvent,
  ): Promise<FiredAutomationRule[]> {
    return this.fire(manager, scope, contactTarget(event.contact), {
      type: 'stage_change',
      from: event.from,
      to: event.to,
    });
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
    return this.fire(manager, scope, contactTarget(contact), {
      type: 'email_opened',
      messageId: message.id,
      campaignId: message.campaign_id,
    });
  }

  private async fire(
    manager: EntityManager,
    scope: TenantScope,
    load: TargetLoader,
    event: AutomationEvent,
    matched?: AutomationRuleEntity[],
  ): Promise<FiredAutomationRule[]> {
    const rules = matched ?? (await this.rulesFor(manager, scope, event, locksRules(event)));
    if (rules.length === 0) return [];
    const target = await load(manager);
    const fired: FiredAutomationRule[] = [];
    const dealsMade: string[] = [];
    for (const rule of rules) {
      const run = await this.engine.runWithin(
        manager,
        scope,
        event,
        rulePlan(rule),
        target,
        automationRuleRunLog,
      );
      if (!run) continue;
      fired.push({ rule_id: rule.id, actions: (rule.actions_json ?? []).map((action) => action.type) });
      for (const outcome of run.outcomes)
        if (outcome.type === 'create_deal' && outcome.record_id) dealsMade.push(outcome.record_id);
    }
    // A deal a rule made is a new deal like any other, except one made by a deal_created rule.
    // Its rules are in their own run log; the answer lists the rules this event set off itself.
    if (event.type !== 'deal_created')
      for (const dealId of dealsMade) await this.onDealCreated(manager, scope, dealId);
    return fired;
  }

  /**
   * Leads or deals a CRM import batch created, in the batch's transaction, as it sends their
   * webhooks: each is a new lead (deal) like one made by hand. The rules are read once per batch,
   * so an import into a CRM without such rules costs one query.
   */
  async onImported(
    manager: EntityManager,
    scope: TenantScope,
    entity: 'leads' | 'deals',
    ids: readonly string[],
  ): Promise<void> {
    const created = ids.map((id) =>
      entity === 'leads'
        ? { event: { type: 'lead_created', leadId: id } as const, load: loadLead(id) }
        : { event: { type: 'deal_created', dealId: id } as const, load: loadDealContact(id) },
    );
    const [first] = created;
    if (!first) return;
    // These events match by their type alone: the rules of the first hold for all.
    const rules = await this.rulesFor(manager, scope, first.event, false);
    if (rules.length === 0) return;
    for (const { event, load } of created) await this.fire(manager, scope, load, event, rules);
  }

  /** The enabled crm rules the event matches, oldest first. */
  private async rulesFor(
    manager: EntityManager,
    scope: TenantScope,
    event: AutomationEvent,
    lock: boolean,
  ): Promise<AutomationRuleEntity[]> {
    const query = inScope(manager.createQueryBuilder(AutomationRuleEntity, 'r'), scope)
      .andWhere(`r.module_source = 'crm' AND r.enabled`)
      .andWhere(`r.conditions_json->>'event_type' = :type`, { type: event.type })
      .orderBy('r.created_at', 'ASC')
      .addOrderBy('r.id', 'ASC');
    // The rules of this kind of event are locked while they run: the same open reported twice
    // at once waits here, then finds the first run in the log.
    const rules = await (lock ? query.setLock('pessimistic_write') : query).getMany();
    return rules.filter((candidate) => ruleMatches(candidate.conditions_json, event));
  }
}

/**
 * Whether the event's rules are locked while they run: an open may be reported twice at once, and
 * a pipeline move keeps the lock it always had. A new lead or deal comes once; locking would only
 * queue every creation in the institution behind the others.
 */
function locksRules(event: AutomationEvent): boolean {
  return event.type === 'stage_change' || event.type === 'email_opened';
}

function contactTarget(contact: ContactEntity): TargetLoader {
  return async () => ({ kind: 'contact', contact });
}
