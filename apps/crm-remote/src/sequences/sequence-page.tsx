import { isApiError } from '@tessera/data-access/client';
import {
  useEnrollInSequence,
  useSegments,
  useSequence,
  useSequenceEnrollments,
  useUnenrollFromSequence,
} from '@tessera/data-access/hooks';
import {
  Actions,
  Badge,
  Button,
  ButtonLink,
  DataTable,
  EmptyState,
  QueryView,
  Select,
  Spinner,
  toast,
} from '@tessera/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { describeStep, enrollmentState, enrollmentTone } from './sequence-format';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

/**
 * /modules/crm/sequences/:sequenceId: the steps with their figures (sent, opened, replied,
 * meetings), who is going through the sequence and where, Unenroll, and enrolling a segment's leads.
 */
export function SequencePage({ basePath }: { basePath: string }) {
  const { sequenceId = '' } = useParams();
  const sequence = useSequence(sequenceId);
  const enrollments = useSequenceEnrollments(sequenceId);
  const segments = useSegments();
  const enroll = useEnrollInSequence();
  const unenroll = useUnenrollFromSequence();
  const canWrite = useCrmCanWrite();
  const [segmentId, setSegmentId] = useState('');
  const crumbs = [{ label: 'Sequences', to: `${basePath}/sequences` }];

  if (sequence.isLoading) return <Spinner block label="Loading sequence" />;
  if (!sequence.data)
    return (
      <CrmPageFrame basePath={basePath} title="Sequence" crumbs={crumbs}>
        <EmptyState title="Sequence not found" />
      </CrmPageFrame>
    );
  const data = sequence.data;

  async function enrollSegment() {
    if (!segmentId) return;
    try {
      const result = await enroll.mutateAsync({ id: data.id, input: { segment_id: segmentId } });
      toast({
        title: `${result.enrolled} enrolled`,
        description: result.skipped.length ? `${result.skipped.length} skipped` : undefined,
      });
    } catch (error) {
      toast({ title: 'Failed to enroll', description: isApiError(error) ? error.message : undefined });
    }
  }

  return (
    <CrmPageFrame
      basePath={basePath}
      title={data.name}
      crumbs={crumbs}
      actions={
        canWrite && data.enrollments.active === 0 ? (
          <ButtonLink to={`${basePath}/sequences/${data.id}/edit`}>Edit Steps</ButtonLink>
        ) : null
      }
    >
      {data.description ? <p>{data.description}</p> : null}
      <p>
        {data.enrollments.active} active · {data.enrollments.finished} finished · {data.enrollments.replied}{' '}
        replied · {data.enrollments.unsubscribed} unsubscribed · {data.enrollments.bounced} bounced
      </p>
      <DataTable caption="Steps" columns={['Step', 'What', 'Sent', 'Opened', 'Replied', 'Meetings']}>
        {data.steps.map((step) => (
          <tr key={step.id}>
            <td>{step.position}</td>
            <td>{describeStep(step)}</td>
            <td>{step.type === 'email' ? step.figures.sent : '—'}</td>
            <td>{step.type === 'email' ? step.figures.opened : '—'}</td>
            <td>{step.type === 'email' ? step.figures.replied : '—'}</td>
            <td>{step.type === 'email' ? step.figures.meetings : '—'}</td>
          </tr>
        ))}
      </DataTable>

      {canWrite ? (
        <Section aria-labelledby="enroll-segment">
          <h2 id="enroll-segment">Enroll a segment</h2>
          <Actions>
            <Select
              label="Segment"
              value={segmentId}
              placeholder="Choose a segment"
              options={(segments.data ?? []).map((segment) => ({ value: segment.id, label: segment.name }))}
              onValueChange={setSegmentId}
            />
            <Button type="button" disabled={!segmentId || enroll.isPending} onClick={enrollSegment}>
              Enroll Segment
            </Button>
          </Actions>
        </Section>
      ) : null}

      <Section aria-labelledby="enrolled-people">
        <h2 id="enrolled-people">Enrolled</h2>
        <QueryView
          query={enrollments}
          loadingLabel="Loading enrollments"
          errorTitle="Failed to load enrollments"
          retryLabel={null}
          empty={
            <EmptyState title="Nobody enrolled yet" description="Enroll contacts from the contacts list." />
          }
        >
          {() => (
            <DataTable caption="Enrolled people" columns={['Person', 'E-mail', 'Where', 'Enrolled', '']}>
              {(enrollments.data ?? []).map((enrollment) => (
                <tr key={enrollment.id}>
                  <td>{enrollment.name}</td>
                  <td>{enrollment.email ?? '—'}</td>
                  <td>
                    <Badge $tone={enrollmentTone(enrollment.status)}>{enrollmentState(enrollment)}</Badge>
                  </td>
                  <td>{new Date(enrollment.enrolled_at).toLocaleString()}</td>
                  <td>
                    {canWrite && enrollment.status === 'active' ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        aria-label={`Unenroll ${enrollment.name}`}
                        disabled={unenroll.isPending}
                        onClick={() => unenroll.mutate({ id: data.id, enrollmentId: enrollment.id })}
                      >
                        Unenroll
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryView>
      </Section>
    </CrmPageFrame>
  );
}
