import type { WorkflowExecutionStatus } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import { eventKey } from '../automation/engine/automation-event';
import type { RunEntry, RunLog } from '../automation/engine/automation-engine';
import type { RunStatus } from '../automation/engine/run-outcome';
import type { AutomationWorkflowEntity } from './automation-workflow.entity';

const EXECUTION_STATUS: Record<RunStatus, WorkflowExecutionStatus> = {
  succeeded: 'success',
  skipped: 'skipped',
  failed: 'failed',
};

/** The workflow as its runs need it. */
export type WorkflowSource = Pick<AutomationWorkflowEntity, 'id' | 'name' | 'trigger' | 'trigger_config'>;

/**
 * Workflow executions (`crm_workflow_executions`, the card's View Logs): one row per run with the
 * lead, the status and the line of what was done. The event key is unique per workflow, so a
 * workflow runs once per event even when two runs of it race.
 */
export const workflowExecutionLog: RunLog<WorkflowSource> = {
  async alreadyRan(manager, workflow, event) {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM crm_workflow_executions WHERE workflow_id = $1 AND event_key = $2`,
      [workflow.id, eventKey(event)],
    );
    return rows.length > 0;
  },

  async record(manager: EntityManager, entry: RunEntry<WorkflowSource>) {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO crm_workflow_executions (workflow_id, lead_id, status, message, event_key) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (workflow_id, event_key) WHERE event_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [entry.source.id, entry.targetId, EXECUTION_STATUS[entry.status], entry.message, eventKey(entry.event)],
    );
    if (inserted.length === 0) return false;
    if (entry.counts)
      await manager.query(
        `UPDATE crm_automation_workflows SET execution_count = execution_count + 1, last_executed_at = now() WHERE id = $1`,
        [entry.source.id],
      );
    return true;
  },
};
