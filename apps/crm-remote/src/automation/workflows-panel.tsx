import { useTimeAgo, useToggleWorkflow, useWorkflows } from '@tessera/data-access/hooks';
import { type AutomationWorkflow } from '@tessera/data-access/contracts';
import { Badge, Button, Card, CardGrid, EmptyState, toast, QueryView } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { NewWorkflowDialog } from './new-workflow-dialog';
import { WORKFLOW_ACTION_LABELS, triggerLabel } from '../shared/workflow-labels';
import { WorkflowLogsDialog } from './workflow-logs-dialog';
import { PanelHeader } from '../shared/panel-header';

const Header = styled(PanelHeader)`
  p { margin: 2px 0 0; }
`;

const WorkflowCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  height: 100%;
  .top { display: flex; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; align-items: flex-start; }
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 2px ${({ theme }) => theme.space(3)}; margin: 0; font-size: ${({ theme }) => theme.font.size.sm}; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; }
  .actions { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(1)}; }
  .bottom { display: flex; gap: ${({ theme }) => theme.space(2)}; margin-top: auto; }
`;

export interface WorkflowsPanelProps {
  /** Shows the panel's own heading (the Sales and CRM automation screens); tabs omit it. */
  heading?: boolean;
}

/** Automation workflows (docs/product/automation.md#smart-leads-workflows): stored, toggled and logged by the API. */
export function WorkflowsPanel({ heading = false }: WorkflowsPanelProps) {
  const ago = useTimeAgo();
  const workflows = useWorkflows();
  const toggle = useToggleWorkflow();
  const [creating, setCreating] = useState(false);
  const canWrite = useCrmCanWrite();
  const [logsOf, setLogsOf] = useState<AutomationWorkflow | null>(null);

  function onToggle(workflow: AutomationWorkflow) {
    toggle.mutate(workflow.id, {
      onSuccess: () => toast({ title: 'Workflow updated successfully' }),
      onError: () =>
        toast({ title: 'Error', description: 'Failed to update workflow', variant: 'destructive' }),
    });
  }

  return (
    <section aria-label="Automation workflows">
      <Header>
        <div>
          {heading ? <h3>Lead Workflows</h3> : null}
          <p>Workflows run on their trigger for every captured lead.</p>
        </div>
        <Button onClick={() => setCreating(true)} disabled={!canWrite}>
          New Workflow
        </Button>
      </Header>
      <QueryView
        query={workflows}
        loadingLabel="Loading workflows"
        errorTitle="Failed to load workflows"
        empty={<EmptyState title="No workflows yet" description="Create one with New Workflow." />}
      >
        {() => (
          <CardGrid>
            {(workflows.data ?? []).map((workflow) => (
              <li key={workflow.id}>
                <WorkflowCard aria-label={workflow.name}>
                  <div className="top">
                    <h4>{workflow.name}</h4>
                    <Badge $tone={workflow.active ? 'success' : 'neutral'}>
                      {workflow.active ? 'Active' : 'Paused'}
                    </Badge>
                  </div>
                  {workflow.description ? <p>{workflow.description}</p> : null}
                  <dl>
                    <dt>Trigger</dt>
                    <dd>{triggerLabel(workflow)}</dd>
                    <dt>Executions</dt>
                    <dd>{workflow.execution_count}</dd>
                    <dt>Last run</dt>
                    <dd>{workflow.last_executed_at ? ago(workflow.last_executed_at) : 'Never'}</dd>
                  </dl>
                  <div className="actions">
                    {[...new Set(workflow.actions.map((action) => action.type))].map((type) => (
                      <Badge key={type} $tone="primary">
                        {WORKFLOW_ACTION_LABELS[type] ?? type}
                      </Badge>
                    ))}
                  </div>
                  <div className="bottom">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${workflow.active ? 'Pause' : 'Play'} ${workflow.name}`}
                      disabled={!canWrite || (toggle.isPending && toggle.variables === workflow.id)}
                      onClick={() => onToggle(workflow)}
                    >
                      {workflow.active ? 'Pause' : 'Play'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`View Logs of ${workflow.name}`}
                      onClick={() => setLogsOf(workflow)}
                    >
                      View Logs
                    </Button>
                  </div>
                </WorkflowCard>
              </li>
            ))}
          </CardGrid>
        )}
      </QueryView>
      <NewWorkflowDialog open={creating} onOpenChange={setCreating} />
      <WorkflowLogsDialog workflow={logsOf} onClose={() => setLogsOf(null)} />
    </section>
  );
}
