import type { AutomationWorkflow, WorkflowActionType } from '@tessera/data-access/contracts';
import { WORKFLOW_TRIGGER_LABELS } from '@tessera/data-access/contracts';

export const WORKFLOW_ACTION_LABELS: Record<WorkflowActionType, string> = {
  send_email: 'Send Email',
  update_status: 'Update Status',
  assign_sales_rep: 'Assign Sales Rep',
};

/** "New Lead Created", or "Score Threshold (80+)" when the workflow has a threshold. */
export function triggerLabel(workflow: Pick<AutomationWorkflow, 'trigger' | 'trigger_config'>): string {
  const label = WORKFLOW_TRIGGER_LABELS[workflow.trigger];
  const min = workflow.trigger_config?.min_score;
  return workflow.trigger === 'score_threshold' && min !== undefined && min !== null
    ? `${label} (${min}+)`
    : label;
}

/** Executions of every workflow and each one's share of them (automation performance). */
export function automationPerformance(
  workflows: ReadonlyArray<Pick<AutomationWorkflow, 'id' | 'execution_count' | 'active'>>,
) {
  const total = workflows.reduce((sum, workflow) => sum + workflow.execution_count, 0);
  return {
    total,
    active: workflows.filter((workflow) => workflow.active).length,
    shares: Object.fromEntries(
      workflows.map((workflow) => [
        workflow.id,
        total > 0 ? Math.round((workflow.execution_count / total) * 100) : 0,
      ]),
    ) as Record<string, number>,
  };
}
