import { useSequences } from '@tessera/data-access/hooks';
import { Button, ButtonLink, DataTable, EmptyState, QueryView } from '@tessera/ui';
import { Link } from 'react-router-dom';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { useCrmCanWrite } from '../shared/use-crm-can-write';

/**
 * /modules/crm/sequences: the sequences with their steps and who is going through them; each opens
 * its page, New Sequence opens the builder (docs/product/sequences.md).
 */
export function SequencesPage({ basePath }: { basePath: string }) {
  const sequences = useSequences();
  const canWrite = useCrmCanWrite();
  return (
    <CrmPageFrame
      basePath={basePath}
      title="Sequences"
      actions={
        canWrite ? (
          <ButtonLink to={`${basePath}/sequences/new`}>New Sequence</ButtonLink>
        ) : (
          <Button disabled>New Sequence</Button>
        )
      }
    >
      <QueryView
        query={sequences}
        loadingLabel="Loading sequences"
        errorTitle="Failed to load sequences"
        retryLabel={null}
        empty={<EmptyState title="No sequences yet" description="Build one with New Sequence." />}
      >
        {() => (
          <DataTable caption="Sequences" columns={['Name', 'Steps', 'Active', 'Finished', 'Replied', 'Sent']}>
            {(sequences.data ?? []).map((sequence) => (
              <tr key={sequence.id}>
                <td>
                  <Link to={`${basePath}/sequences/${sequence.id}`}>{sequence.name}</Link>
                  {sequence.description ? <div>{sequence.description}</div> : null}
                </td>
                <td>{sequence.steps.length}</td>
                <td>{sequence.enrollments.active}</td>
                <td>{sequence.enrollments.finished}</td>
                <td>{sequence.enrollments.replied}</td>
                <td>{sequence.steps.reduce((sum, step) => sum + step.figures.sent, 0)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </CrmPageFrame>
  );
}
