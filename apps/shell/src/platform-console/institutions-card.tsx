import type { InstitutionStatus, PlanSummary, PlatformInstitution } from '@tessera/data-access/contracts';
import { usePlatformInstitutions, useUpdatePlatformInstitution } from '@tessera/data-access/hooks';
import { Badge, Button, DataTable, QueryCard, Select, toast, VisuallyHidden } from '@tessera/ui';
import { useState } from 'react';
import { errorMessage, toastFailure } from '../shared/error-message';
import { InstitutionModulesDialog } from './institution-modules-dialog';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

/** Every institution with its plan and status; suspend, change plan, enable modules. */
export function InstitutionsCard({ plans }: { plans: PlanSummary[] }) {
  const institutions = usePlatformInstitutions();
  const update = useUpdatePlatformInstitution();
  const [modulesFor, setModulesFor] = useState<string | null>(null);
  const selected = institutions.data?.find((row) => row.id === modulesFor) ?? null;

  function change(row: PlatformInstitution, input: { status?: InstitutionStatus; plan_id?: string }) {
    update.mutate(
      { institutionId: row.id, ...input },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Institution updated',
            description: `${updated.name}: ${updated.plan_name ?? 'no plan'}, ${updated.status}.`,
          }),
        onError: (error) => toastFailure(error, 'Failed to update.'),
      },
    );
  }

  return (
    <QueryCard
      title="Institutions"
      description="Plan, status and modules of every institution."
      query={institutions}
      loadingLabel="Loading institutions"
      errorTitle="Institutions could not be loaded"
      errorDescription={(error) => errorMessage(error, '')}
      retryLabel={null}
      footer={
        selected ? (
          <InstitutionModulesDialog
            institution={selected}
            plan={plans.find((plan) => plan.id === selected.plan_id) ?? null}
            onClose={() => setModulesFor(null)}
          />
        ) : null
      }
    >
      {(data) => (
        <DataTable columns={['Institution', 'Plan', 'Status', 'Members', 'Modules']}>
          {data.map((row) => (
            <tr key={row.id}>
              <td>
                {row.name} <small>({row.slug})</small>{' '}
                {row.status === 'suspended' ? <Badge $tone="destructive">Suspended</Badge> : null}
              </td>
              <td>
                <Select
                  label={`Plan of ${row.name}`}
                  hideLabel
                  value={row.plan_id ?? ''}
                  placeholder="No plan"
                  options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
                  disabled={update.isPending}
                  onValueChange={(planId) => change(row, { plan_id: planId })}
                />
              </td>
              <td>
                <Select
                  label={`Status of ${row.name}`}
                  hideLabel
                  value={row.status}
                  options={STATUS_OPTIONS}
                  disabled={update.isPending}
                  onValueChange={(status) => change(row, { status: status as InstitutionStatus })}
                />
              </td>
              <td>{row.member_count}</td>
              <td>
                <Button size="sm" variant="secondary" onClick={() => setModulesFor(row.id)}>
                  {row.modules_included.length} enabled
                  <VisuallyHidden> modules of {row.name}</VisuallyHidden>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryCard>
  );
}
