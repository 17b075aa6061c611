import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WorkflowAction, WorkflowRunResult } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { scopeSql } from '../../access/scoped-query';
import type { AutomationEvent } from '../automation/engine/automation-event';
import {
  AutomationEngine,
  type AutomationPlan,
  type AutomationRun,
  type RunSubject,
} from '../automation/engine/automation-engine';
import type { AutomationTarget, LeadRecord } from '../automation/engine/automation-target';
import { belowThreshold } from '../automation/engine/conditions';
import { workflowTriggersFor } from '../automation/engine/triggers';
import { type WorkflowSource, workflowExecutionLog } from './workflow-execution-log';

type WorkflowRow = WorkflowSource & { actions: WorkflowAction[] };

/** A workflow as the engine runs it: a threshold workflow first checks the lead's score. */
function workflowPlan(workflow: WorkflowRow): AutomationPlan<WorkflowSource> {
  return {
    source: workflow,
    id: workflow.id,
    name: workflow.name,
    actions: workflow.actions ?? [],
    skipReason:
      workflow.trigger === 'score_threshold'
        ? (target) => (target.kind === 'lead' ? belowThreshold(workflow.trigger_config, target.lead) : null)
        : undefined,
    texts: { emailSubject: 'Follow-up', emailSent: (to) => `Sent to ${to} by an automation workflow` },
  };
}

function workflowRun(run: AutomationRun<WorkflowSource>): WorkflowRunResult {
  return {
    workflow_id: run.source.id,
    name: run.source.name,
    status: run.status === 'succeeded' ? 'success' : run.status,
    message: run.message,
  };
}

/** The lead a workflow acts on, locked for the run. */
function lockLead(leadId: string) {
  return async (manager: EntityManager): Promise<AutomationTarget> => {
    const [lead]: LeadRecord[] = await manager.query(
      `SELECT id, org_id, owner_id, first_name, last_name, company, email, lead_score, qualification_score
         FROM crm_leads WHERE id = $1 FOR UPDATE`,
      [leadId],
    );
    if (!lead) throw new Error('The lead no longer exists');
    return { kind: 'lead', lead };
  };
}

/**
 * Sets off the scope's active Smart Leads workflows for a lead event (docs/product/automation.md#smart-leads-workflows) and runs
 * them through the automation engine: a captured lead is both `lead_created` and
 * `form_submitted`, and `score_threshold` fires when its score reaches the workflow's min_score
 * (80 unless configured); `email_opened` fires when a contact first opens a tracked e-mail, for
 * the lead with the contact's address. Each workflow runs in its own transaction; its actions
 * (send_email queues the e-mail in the outbox and logs it on the lead, update_status, assign to
 * the top sales rep) and one execution row (View Logs) are written together, and a failure is
 * recorded as a failed execution instead of undoing the trigger.
 */
@Injectable()
export class WorkflowRunnerService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly engine: AutomationEngine,
  ) {}

  async onLeadCaptured(scope: TenantScope, leadId: string): Promise<WorkflowRunResult[]> {
    const event: AutomationEvent = { type: 'lead_captured' };
    const runs: WorkflowRunResult[] = [];
    for (const workflow of await this.workflowsFor(scope, event))
      runs.push(await this.run(scope, event, workflow, { id: leadId, load: lockLead(leadId) }));
    return runs;
  }

  /**
   * A contact opened a tracked e-mail for the first time (`messageId`). The workflows act on the
   * newest lead with the contact's address; without one, the run is recorded as skipped. Keyed
   * by the message: a workflow runs once per open, even if this is called again.
   */
  async onEmailOpened(
    scope: TenantScope,
    opened: { messageId: string; email: string },
  ): Promise<WorkflowRunResult[]> {
    const event: AutomationEvent = { type: 'email_opened', messageId: opened.messageId };
    const workflows = await this.workflowsFor(scope, event);
    if (workflows.length === 0) return [];
    const leads = scopeSql(scope, 'l', 2);
    const [lead]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT l.id FROM crm_leads l WHERE lower(l.email) = lower($1) AND ${leads.sql}
        ORDER BY l.created_at DESC, l.id LIMIT 1`,
      [opened.email, ...leads.params],
    );
    const subject: RunSubject = lead
      ? { id: lead.id, load: lockLead(lead.id) }
      : { id: null, load: async () => `No lead with the e-mail ${opened.email}` };
    const runs: WorkflowRunResult[] = [];
    for (const workflow of workflows) runs.push(await this.run(scope, event, workflow, subject));
    return runs;
  }

  private async workflowsFor(scope: TenantScope, event: AutomationEvent): Promise<WorkflowRow[]> {
    const workflows = scopeSql(scope, 'w', 2);
    return this.dataSource.query(
      `SELECT w.id, w.name, w.trigger, w.trigger_config, w.actions FROM crm_automation_workflows w
        WHERE ${workflows.sql} AND w.active AND w.trigger = ANY($1)
        ORDER BY w.created_at, w.id`,
      [workflowTriggersFor(event), ...workflows.params],
    );
  }

  private async run(
    scope: TenantScope,
    event: AutomationEvent,
    workflow: WorkflowRow,
    subject: RunSubject,
  ): Promise<WorkflowRunResult> {
    return workflowRun(
      await this.engine.runAlone(scope, event, workflowPlan(workflow), subject, workflowExecutionLog),
    );
  }
}
