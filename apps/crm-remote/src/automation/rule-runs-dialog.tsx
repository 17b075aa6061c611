import { type AutomationRule } from '@tessera/data-access/contracts';
import { useAutomationRuleRuns, useTimeAgo } from '@tessera/data-access/hooks';
import { Badge, Dialog, EmptyState, QueryView, DataTable } from '@tessera/ui';
import { titleCase } from '../shared/lead-format';

/** A rule's run history: when it ran, whether it succeeded and what it did (docs/product/automation.md). */
export function RuleRunsDialog({ rule, onClose }: { rule: AutomationRule | null; onClose: () => void }) {
  const ago = useTimeAgo();
  const runs = useAutomationRuleRuns(rule?.id ?? null);
  return (
    <Dialog
      open={rule !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={rule ? `${rule.name} run history` : 'Run history'}
    >
      <QueryView
        query={runs}
        loadingLabel="Loading runs"
        errorTitle="Failed to load run history"
        empty={<EmptyState title="This rule has not run yet" />}
      >
        {(rows) => (
          <DataTable columns={['When', 'Status', 'Actions performed']}>
            {rows.map((run) => (
              <tr key={run.id}>
                <td title={new Date(run.created_at).toLocaleString()}>{ago(run.created_at)}</td>
                <td>
                  <Badge $tone={run.status === 'succeeded' ? 'success' : 'destructive'}>{run.status}</Badge>
                </td>
                {/* The run's own log line says what each action did (or why it skipped one); older runs have none. */}
                <td>
                  {run.message ??
                    (run.actions_performed.map((action) => titleCase(action.type)).join(', ') || 'None')}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </Dialog>
  );
}
