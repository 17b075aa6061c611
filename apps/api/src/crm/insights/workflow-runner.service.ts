import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LEAD_STATUSES, type LeadStatus, type WorkflowTrigger } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { scopeSql } from '../../access/scoped-query';
import { CrmMailer, defaultAutomationBody } from '../email/crm-mailer';

interface WorkflowRow {
  id: string;
  name: string;
  trigger: WorkflowTrigger;
  trigger_config: Record<string, unknown>;
  actions: Array<{ type: string; config?: Record<string, unknown> }>;
}

interface LeadRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  first_name: string;
  last_name: string;
  company: string | null;
  email: string | null;
  lead_score: number;
  qualification_score: number | null;
}

export interface WorkflowRun {
  workflow_id: string;
  name: string;
  status: 'success' | 'failed' | 'skipped';
  message: string;
}

/** A workflow ran already for this event (its execution row exists): nothing is done twice. */
class AlreadyRan extends Error {}

/** The score a threshold trigger compares: the capture score when there is one, else the lead score. */
const leadScore = (lead: LeadRow): number => Number(lead.qualification_score ?? lead.lead_score ?? 0);

/**
 * Runs the scope's active Smart Leads workflows for a lead event (docs/product/automation.md#smart-leads-workflows): a captured
 * lead is both `lead_created` and `form_submitted`, and `score_threshold` fires when its score
 * reaches the workflow's min_score (80 unless configured); `email_opened` fires when a contact
 * first opens a tracked e-mail, for the lead with the contact's address. Each workflow runs in
 * its own transaction; its actions (send_email queues the e-mail in the outbox and logs it on the
 * lead, update_status, assign to the top sales rep) and one execution row (View Logs) are written
 * together, and a failure is recorded as a failed execution instead of undoing the trigger.
 */
@Injectable()
export class WorkflowRunnerService {
  private readonly logger = new Logger(WorkflowRunnerService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: CrmMailer,
  ) {}

  async onLeadCaptured(scope: TenantScope, leadId: string): Promise<WorkflowRun[]> {
    const workflows = scopeSql(scope, 'w', 1);
    const rows: WorkflowRow[] = await this.dataSource.query(
      `SELECT w.id, w.name, w.trigger, w.trigger_config, w.actions FROM crm_automation_workflows w
        WHERE ${workflows.sql} AND w.active AND w.trigger IN ('lead_created', 'form_submitted', 'score_threshold')
        ORDER BY w.created_at, w.id`,
      workflows.params,
    );
    const runs: WorkflowRun[] = [];
    for (const workflow of rows) runs.push(await this.run(scope, workflow, leadId));
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
  ): Promise<WorkflowRun[]> {
    const workflows = scopeSql(scope, 'w', 1);
    const rows: WorkflowRow[] = await this.dataSource.query(
      `SELECT w.id, w.name, w.trigger, w.trigger_config, w.actions FROM crm_automation_workflows w
        WHERE ${workflows.sql} AND w.active AND w.trigger = 'email_opened'
        ORDER BY w.created_at, w.id`,
      workflows.params,
    );
    if (rows.length === 0) return [];
    const leads = scopeSql(scope, 'l', 2);
    const [lead]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT l.id FROM crm_leads l WHERE lower(l.email) = lower($1) AND ${leads.sql}
        ORDER BY l.created_at DESC, l.id LIMIT 1`,
      [opened.email, ...leads.params],
    );
    const eventKey = `open:${opened.messageId}`;
    const runs: WorkflowRun[] = [];
    for (const workflow of rows) {
      runs.push(
        lead
          ? await this.run(scope, workflow, lead.id, eventKey)
          : await this.skip(workflow, eventKey, `No lead with the e-mail ${opened.email}`),
      );
    }
    return runs;
  }

  private async run(
    scope: TenantScope,
    workflow: WorkflowRow,
    leadId: string,
    eventKey: string | null = null,
  ): Promise<WorkflowRun> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        if (eventKey && (await this.ranFor(manager, workflow.id, eventKey))) throw new AlreadyRan();
        const [lead]: LeadRow[] = await manager.query(
          `SELECT id, org_id, owner_id, first_name, last_name, company, email, lead_score, qualification_score
             FROM crm_leads WHERE id = $1 FOR UPDATE`,
          [leadId],
        );
        if (!lead) throw new Error('The lead no longer exists');
        if (workflow.trigger === 'score_threshold') {
          const min = Number(workflow.trigger_config.min_score ?? 80);
          if (leadScore(lead) < min)
            return this.record(
              manager,
              workflow,
              leadId,
              eventKey,
              'skipped',
              `Score ${leadScore(lead)} is below ${min}`,
              false,
            );
        }
        const done: string[] = [];
        for (const action of workflow.actions) done.push(await this.perform(manager, scope, lead, action));
        return this.record(
          manager,
          workflow,
          leadId,
          eventKey,
          'success',
          done.join('; ') || 'No actions',
          true,
        );
      });
    } catch (error) {
      if (error instanceof AlreadyRan)
        return {
          workflow_id: workflow.id,
          name: workflow.name,
          status: 'skipped',
          message: 'Already ran for this event',
        };
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Workflow ${workflow.id} failed for lead ${leadId}: ${message}`);
      return this.dataSource
        .transaction((manager) => this.record(manager, workflow, leadId, eventKey, 'failed', message, true))
        .catch((recordError: unknown) => {
          if (recordError instanceof AlreadyRan)
            return {
              workflow_id: workflow.id,
              name: workflow.name,
              status: 'skipped' as const,
              message: 'Already ran for this event',
            };
          throw recordError;
        });
    }
  }

  private async skip(workflow: WorkflowRow, eventKey: string, message: string): Promise<WorkflowRun> {
    try {
      return await this.dataSource.transaction((manager) =>
        this.record(manager, workflow, null, eventKey, 'skipped', message, false),
      );
    } catch (error) {
      if (error instanceof AlreadyRan)
        return {
          workflow_id: workflow.id,
          name: workflow.name,
          status: 'skipped',
          message: 'Already ran for this event',
        };
      throw error;
    }
  }

  private async ranFor(manager: EntityManager, workflowId: string, eventKey: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM crm_workflow_executions WHERE workflow_id = $1 AND event_key = $2`,
      [workflowId, eventKey],
    );
    return rows.length > 0;
  }

  private async perform(
    manager: EntityManager,
    scope: TenantScope,
    lead: LeadRow,
    action: { type: string; config?: Record<string, unknown> },
  ): Promise<string> {
    const config = action.config ?? {};
    switch (action.type) {
      case 'send_email': {
        const subject =
          typeof config.subject === 'string' && config.subject.trim() ? config.subject : 'Follow-up';
        const body =
          typeof config.body === 'string' && config.body.trim()
            ? config.body
            : defaultAutomationBody(subject);
        const outcome = await this.mailer.send(manager, {
          kind: 'automation',
          recipient: { ...lead, lead_id: lead.id },
          subject,
          body,
          sentBy: null,
          loggedBy: lead.owner_id,
          describe: (to) => `Sent to ${to} by an automation workflow`,
        });
        return outcome.sent ? `E-mail “${outcome.subject}” sent to ${outcome.to}` : outcome.message;
      }
      case 'update_status': {
        const status = String(config.status ?? '') as LeadStatus;
        if (!LEAD_STATUSES.includes(status)) throw new Error(`Unknown lead status “${status}”`);
        const min = config.min_score === undefined ? 0 : Number(config.min_score);
        if (leadScore(lead) < min) return `Status kept (score below ${min})`;
        await manager.query(`UPDATE crm_leads SET status = $2 WHERE id = $1`, [lead.id, status]);
        return `Status set to ${status}`;
      }
      case 'assign_sales_rep': {
        const rep = await this.topSalesRep(manager, scope);
        await manager.query(`UPDATE crm_leads SET owner_id = $2 WHERE id = $1`, [lead.id, rep.id]);
        lead.owner_id = rep.id;
        return `Assigned to ${rep.name}`;
      }
      default:
        throw new Error(`Unknown action ${action.type}`);
    }
  }

  /** The member (not a viewer) with the most won deal amount; the caller for personal rows. */
  private async topSalesRep(
    manager: EntityManager,
    scope: TenantScope,
  ): Promise<{ id: string; name: string }> {
    const rows: Array<{ id: string; name: string }> = scope.institutionId
      ? await manager.query(
          `SELECT u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name
             FROM institution_members m
             JOIN users u ON u.id = m.user_id
             LEFT JOIN crm_deals d ON d.org_id = m.institution_id AND d.owner_id = m.user_id AND d.stage = 'closed_won'
            WHERE m.institution_id = $1 AND m.role <> 'viewer'
            GROUP BY u.id
            ORDER BY coalesce(sum(d.amount), 0) DESC, u.id
            LIMIT 1`,
          [scope.institutionId],
        )
      : [];
    return rows[0] ?? { id: scope.userId, name: scope.email };
  }

  private async record(
    manager: EntityManager,
    workflow: WorkflowRow,
    leadId: string | null,
    eventKey: string | null,
    status: WorkflowRun['status'],
    message: string,
    counts: boolean,
  ): Promise<WorkflowRun> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO crm_workflow_executions (workflow_id, lead_id, status, message, event_key) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (workflow_id, event_key) WHERE event_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [workflow.id, leadId, status, message, eventKey],
    );
    // Another run of the same event got there first: undo this one's actions with the transaction.
    if (inserted.length === 0) throw new AlreadyRan();
    if (counts)
      await manager.query(
        `UPDATE crm_automation_workflows SET execution_count = execution_count + 1, last_executed_at = now() WHERE id = $1`,
        [workflow.id],
      );
    return { workflow_id: workflow.id, name: workflow.name, status, message };
  }
}
