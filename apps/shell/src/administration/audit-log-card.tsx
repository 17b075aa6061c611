import { auditActionLabel, type AuditEntry } from '@tessera/data-access/contracts';
import { useAuditLog } from '@tessera/data-access/hooks';
import { EmptyState, Spinner, Table, TableScroll, TitledCard } from '@tessera/ui';

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
    <TitledCard
      title="Audit log"
      aria-label="Audit log"
      description="Every administrative change, newest first."
    >
      {audit.isPending ? <Spinner block label="Loading the audit log" /> : null}
      {audit.data && audit.data.length === 0 ? <EmptyState title="No changes yet" /> : null}
      {audit.data && audit.data.length > 0 ? (
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
              {audit.data.map((entry) => (
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
      ) : null}
    </TitledCard>
  );
}
