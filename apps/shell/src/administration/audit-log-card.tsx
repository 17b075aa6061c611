import { auditActionLabel, type AuditEntry } from '@tessera/data-access/contracts';
import { useAuditLog } from '@tessera/data-access/hooks';
import { EmptyState, QueryCard, DataTable } from '@tessera/ui';
import { errorMessage } from '../shared/error-message';

function describeDetails(entry: AuditEntry): string {
  const { from, to, module, role } = entry.details as Record<string, unknown>;
  const parts: string[] = [];
  if (module) parts.push(String(module));
  if (from !== undefined && to !== undefined) parts.push(`${String(from)} → ${String(to)}`);
  else if (role) parts.push(String(role));
  return parts.join(' · ');
}

/** Who changed what, when — readable by the institution's owners and admins. */
export function AuditLogCard() {
  const audit = useAuditLog();
  return (
    <QueryCard
      title="Audit log"
      description="Every administrative change, newest first."
      query={audit}
      loadingLabel="Loading the audit log"
      errorTitle="The audit log could not be loaded"
      errorDescription={(error) => errorMessage(error, 'Please try again.')}
      retryLabel={null}
      empty={<EmptyState title="No changes yet" />}
    >
      {(entries) => (
        <DataTable columns={['When', 'Who', 'What', 'Target', 'Details']}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.created_at}>{new Date(entry.created_at).toLocaleString()}</time>
              </td>
              <td>{entry.actor_email ?? 'System'}</td>
              <td>{auditActionLabel(entry.action)}</td>
              <td>{entry.target}</td>
              <td>{describeDetails(entry)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryCard>
  );
}
