import { auditActionLabel, type AuditEntry } from '@tessera/data-access/contracts';
import { useAuditLog } from '@tessera/data-access/hooks';
import { EmptyState, QueryCard, Table, TableScroll } from '@tessera/ui';
import { errorMessage } from './error-message';

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
        <TableScroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </Table>
        </TableScroll>
      )}
    </QueryCard>
  );
}
