import { useWebForms } from '@tessera/data-access/hooks';
import { Button, ButtonLink, DataTable, EmptyState, QueryView } from '@tessera/ui';
import { Link } from 'react-router-dom';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { useCrmCanWrite } from '../shared/use-crm-can-write';

/**
 * /modules/crm/forms: the web forms that bring leads in from other sites, with how many
 * submissions each has had and where it may be embedded; each opens its builder and snippet.
 */
export function WebFormsPage({ basePath }: { basePath: string }) {
  const forms = useWebForms();
  const canWrite = useCrmCanWrite();
  return (
    <CrmPageFrame
      basePath={basePath}
      title="Web Forms"
      actions={
        canWrite ? (
          <ButtonLink to={`${basePath}/forms/new`}>New Form</ButtonLink>
        ) : (
          <Button disabled>New Form</Button>
        )
      }
    >
      <QueryView
        query={forms}
        loadingLabel="Loading web forms"
        errorTitle="Failed to load web forms"
        retryLabel={null}
        empty={
          <EmptyState
            title="No web forms yet"
            description="Build one with New Form and paste its snippet into your website."
          />
        }
      >
        {(rows) => (
          <DataTable caption="Web forms" columns={['Name', 'Fields', 'Submissions', 'Embedding sites']}>
            {rows.map((form) => (
              <tr key={form.id}>
                <td>
                  <Link to={`${basePath}/forms/${form.id}`}>{form.name}</Link>
                </td>
                <td>{form.fields.map((field) => field.label).join(', ')}</td>
                <td>{form.submission_count}</td>
                <td>{form.allowed_origins.length > 0 ? form.allowed_origins.join(', ') : 'Any site'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </CrmPageFrame>
  );
}
