import { usePlatformErrorReports, useTimeAgo } from '@tessera/data-access/hooks';
import { DataTable, EmptyState, QueryView, TitledCard } from '@tessera/ui';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';

const Detail = styled.details`
  max-width: 36rem;
  pre {
    white-space: pre-wrap;
    word-break: break-word;
    font-size: 0.75rem;
    margin: 0.25rem 0 0;
  }
`;

/** docs/product/errors.md: what the screens of every institution reported, newest first. */
export function ErrorReportsCard() {
  const ago = useTimeAgo();
  const reports = usePlatformErrorReports();
  return (
    <TitledCard
      title="Error Reports"
      aria-label="Error reports"
      description="Errors the screens of every institution reported, newest first."
    >
      <QueryView
        query={reports}
        loadingLabel="Loading error reports"
        errorTitle="The error reports could not be loaded"
        errorDescription={(error) => errorMessage(error, 'Please try again.')}
        retryLabel={null}
        empty={<EmptyState title="No errors reported" />}
      >
        {(list) => (
          <DataTable
            label="Reported errors"
            columns={['When', 'Institution', 'User', 'Module', 'Error', 'Page']}
          >
            {list.map((report) => (
              <tr key={report.id}>
                <td>
                  <time dateTime={report.created_at} title={new Date(report.created_at).toLocaleString()}>
                    {ago(report.created_at)}
                  </time>
                </td>
                <td>{report.institution_name ?? 'No institution'}</td>
                <td>{report.user_email}</td>
                <td>{report.module_id ?? '—'}</td>
                <td>
                  {report.detail ? (
                    <Detail>
                      <summary>{report.message}</summary>
                      <pre>{report.detail}</pre>
                    </Detail>
                  ) : (
                    report.message
                  )}
                </td>
                <td>{report.url ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </TitledCard>
  );
}
