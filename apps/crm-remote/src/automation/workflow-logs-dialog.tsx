import { useTimeAgo, useWorkflowExecutions } from '@tessera/data-access/hooks';
import { type AutomationWorkflow } from '@tessera/data-access/contracts';
import { Badge, Dialog, EmptyState, QueryView, DataTable } from '@tessera/ui';
import { Link } from 'react-router-dom';
import { leadPath } from '../shared/lead-format';

const STATUS_TONE = { success: 'success', failed: 'destructive', skipped: 'neutral' } as const;

/** View Logs: the workflow's real executions, newest first. */
export function WorkflowLogsDialog({
  workflow,
  onClose,
}: {
  workflow: AutomationWorkflow | null;
  onClose: () => void;
}) {
  const ago = useTimeAgo();
  const executions = useWorkflowExecutions(workflow?.id ?? null);
  return (
    <Dialog
      open={workflow !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={workflow ? `${workflow.name} logs` : 'Workflow logs'}
      description="Every run of this workflow, newest first."
    >
      <QueryView
        query={executions}
        loadingLabel="Loading logs"
        errorTitle="Failed to load logs"
        empty={<EmptyState title="No executions yet" description="The workflow has not run for any lead." />}
      >
        {(rows) => (
          <DataTable columns={['When', 'Status', 'What happened']}>
            {rows.map((execution) => (
              <tr key={execution.id}>
                <td title={new Date(execution.executed_at).toLocaleString()}>{ago(execution.executed_at)}</td>
                <td>
                  <Badge $tone={STATUS_TONE[execution.status]}>{execution.status}</Badge>
                </td>
                <td>
                  {execution.message}
                  {execution.lead_id ? (
                    <>
                      {' '}
                      <Link to={leadPath(execution.lead_id)} onClick={onClose}>
                        Open lead
                      </Link>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </Dialog>
  );
}
