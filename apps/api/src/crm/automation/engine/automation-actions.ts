import { Injectable } from '@nestjs/common';
import { LEAD_STATUSES, type LeadStatus, type WebhookEventType } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import type { TenantScope } from '../../../access/tenant-scope';
import { WebhookEvents } from '../../../integrations/webhook-events.service';
import { logActivities } from '../../activities/activity-log';
import { crmRowsById } from '../../common/crm-webhook-rows';
import { topSalesRep } from '../../common/top-sales-rep';
import { DealEntity } from '../../deals/deal.entity';
import { CrmMailer, defaultAutomationBody } from '../../email/crm-mailer';
import { SequencesService } from '../../sequences/sequences.service';
import { NotFoundError } from '../../../common/domain-errors';
import { type ActionConfig, configNumber, configText } from './action-config';
import { type AutomationEvent, eventCause } from './automation-event';
import { type AutomationTarget, type LeadRecord, targetLink, targetPerson } from './automation-target';
import { leadScore } from './conditions';

const DAY_MS = 86_400_000;

/** One action of a rule or workflow, as stored (`type` is checked here, not trusted). */
export interface AutomationStep {
  type: string;
  config?: ActionConfig;
}

/** What an action did: the record it made (if any) and a line for the run's log. */
export interface ActionOutcome {
  type: string;
  record_id: string | null;
  summary: string;
}

/** Texts that differ between the features that use the engine (rules, workflows). */
export interface AutomationTexts {
  /** Subject of a send_email action that names none. */
  emailSubject: string;
  /** The details of the e-mail activity logged on the record. */
  emailSent: (to: string) => string;
}

/** Everything an action needs to know about the run it is part of. */
export interface ActionContext {
  manager: EntityManager;
  scope: TenantScope;
  event: AutomationEvent;
  target: AutomationTarget;
  texts: AutomationTexts;
}

function requireLead(target: AutomationTarget, type: string): LeadRecord {
  if (target.kind !== 'lead') throw new Error(`${type} acts on a lead`);
  return target.lead;
}

/**
 * Every action an automation rule or a Smart Leads workflow can take, performed inside the
 * caller's transaction: e-mail (through the CRM's one send action, so the outbox and the activity
 * go together), deals, tasks, a lead's status and owner.
 */
@Injectable()
export class AutomationActions {
  constructor(
    private readonly mailer: CrmMailer,
    private readonly webhooks: WebhookEvents,
    private readonly sequences: SequencesService,
  ) {}

  /** Changes made by automation reach webhooks like the same change made by hand. */
  private tellWebhooks(
    manager: EntityManager,
    institutionId: string | null,
    type: WebhookEventType,
    entity: 'deals' | 'leads',
    id: string,
  ): Promise<void> {
    return this.webhooks.emitMany(manager, institutionId, type, crmRowsById(manager, entity, [id]));
  }

  perform(context: ActionContext, step: AutomationStep): Promise<ActionOutcome> {
    switch (step.type) {
      case 'create_deal':
        return this.createDeal(context, step.config);
      case 'create_task':
        return this.createTask(context, step.config);
      case 'send_email':
        return this.sendEmail(context, step.config);
      case 'update_status':
        return this.updateStatus(context, step.config);
      case 'assign_sales_rep':
        return this.assignSalesRep(context);
      case 'enroll_in_sequence':
        return this.enrollInSequence(context, step.config);
      default:
        throw new Error(`Unknown action ${step.type}`);
    }
  }

  private async createDeal({ manager, event, target }: ActionContext, config: ActionConfig) {
    // A lead has no deals until it is converted: a rule on a new lead skips this step and says so,
    // instead of failing (and undoing) the lead's creation.
    if (target.kind !== 'contact')
      return {
        type: 'create_deal',
        record_id: null,
        summary: 'Deal not created: a deal is made for a contact, not for a lead',
      };
    const { contact } = target;
    const person = `${contact.first_name} ${contact.last_name}`.trim();
    const name = configText(config, 'name') ?? `${contact.company || person} opportunity`;
    // docs/product/automation.md: an automated new deal starts at prospecting, status open.
    const inserted = await manager.insert(DealEntity, {
      org_id: contact.org_id,
      owner_id: contact.owner_id,
      name,
      description:
        configText(config, 'description') ?? `Created by automation when ${person} ${eventCause(event)}`,
      amount: Math.max(0, configNumber(config, 'amount') ?? 0),
      stage: 'prospecting',
      status: 'open',
      contact_id: contact.id,
      // A deal's company is its contact's (docs/product/companies.md#consistency).
      company_id: contact.company_id,
      lead_source: contact.lead_source,
    });
    const id = String(inserted.identifiers[0]?.id);
    await this.tellWebhooks(manager, contact.org_id, 'deal.created', 'deals', id);
    return { type: 'create_deal', record_id: id, summary: `Deal “${name}” created` };
  }

  private async createTask({ manager, event, target }: ActionContext, config: ActionConfig) {
    const person = targetPerson(target);
    const subject =
      configText(config, 'subject') ?? `Follow up with ${`${person.first_name} ${person.last_name}`.trim()}`;
    const days = configNumber(config, 'due_in_days') ?? 1;
    const [id] = await logActivities(manager, [
      {
        org_id: person.org_id,
        owner_id: person.owner_id,
        ...targetLink(target),
        // A task set off by a new deal is that deal's task too.
        ...(event.type === 'deal_created' ? { deal_id: event.dealId } : {}),
        type: 'task',
        subject,
        description: configText(config, 'description'),
        status: 'pending',
        due_date: new Date(Date.now() + days * DAY_MS),
      },
    ]);
    return { type: 'create_task', record_id: id ?? null, summary: `Task “${subject}” created` };
  }

  private async sendEmail({ manager, target, texts }: ActionContext, config: ActionConfig) {
    const person = targetPerson(target);
    const subject = configText(config, 'subject') ?? texts.emailSubject;
    const outcome = await this.mailer.send(manager, {
      kind: 'automation',
      recipient: { ...person, ...targetLink(target) },
      subject,
      body: configText(config, 'body') ?? defaultAutomationBody(subject),
      sentBy: null,
      loggedBy: person.owner_id,
      describe: texts.emailSent,
    });
    // No address, an invalid or unsubscribed one: the automation still ran, nothing was sent.
    return outcome.sent
      ? {
          type: 'send_email',
          record_id: outcome.activityId,
          summary: `E-mail “${outcome.subject}” sent to ${outcome.to}`,
        }
      : { type: 'send_email', record_id: null, summary: outcome.message };
  }

  private async updateStatus({ manager, target }: ActionContext, config: ActionConfig) {
    const lead = requireLead(target, 'update_status');
    const status = String(config?.status ?? '') as LeadStatus;
    if (!LEAD_STATUSES.includes(status)) throw new Error(`Unknown lead status “${status}”`);
    const min = configNumber(config, 'min_score') ?? 0;
    if (leadScore(lead) < min)
      return { type: 'update_status', record_id: null, summary: `Status kept (score below ${min})` };
    await manager.query(`UPDATE crm_leads SET status = $2 WHERE id = $1`, [lead.id, status]);
    await this.tellWebhooks(manager, lead.org_id, 'lead.updated', 'leads', lead.id);
    return { type: 'update_status', record_id: lead.id, summary: `Status set to ${status}` };
  }

  private async assignSalesRep({ manager, scope, target }: ActionContext) {
    const lead = requireLead(target, 'assign_sales_rep');
    const rep = await topSalesRep(manager, scope);
    await manager.query(`UPDATE crm_leads SET owner_id = $2 WHERE id = $1`, [lead.id, rep.id]);
    await this.tellWebhooks(manager, lead.org_id, 'lead.updated', 'leads', lead.id);
    // Later actions of the same run (an e-mail logged on the lead) act for the new owner.
    lead.owner_id = rep.id;
    return { type: 'assign_sales_rep', record_id: rep.id, summary: `Assigned to ${rep.name}` };
  }

  /**
   * Enrolls the contact (or lead) in the sequence the action names (docs/product/sequences.md):
   * someone already in a sequence stays where they are; a sequence deleted since the rule was
   * written enrolls nobody and says so, without failing the change that set the rule off.
   */
  private async enrollInSequence({ manager, scope, target }: ActionContext, config: ActionConfig) {
    const sequenceId = configText(config, 'sequence_id');
    const none = (summary: string) => ({ type: 'enroll_in_sequence', record_id: null, summary });
    if (!sequenceId) return none('No sequence chosen: nobody enrolled');
    const people =
      target.kind === 'contact' ? { contactIds: [target.contact.id] } : { leadIds: [target.lead.id] };
    try {
      const result = await this.sequences.enroll(manager, scope, sequenceId, people, 'automation');
      return result.enrolled
        ? { type: 'enroll_in_sequence', record_id: sequenceId, summary: 'Enrolled in the sequence' }
        : none(`Not enrolled: ${result.skipped[0]?.reason ?? 'nothing to do'}`);
    } catch (error) {
      if (error instanceof NotFoundError) return none('The sequence no longer exists: nobody enrolled');
      throw error;
    }
  }
}
