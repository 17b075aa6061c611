import { DEAL_STAGE_LABELS, formatUsd } from '@tessera/data-access/contracts';
import { useCompany, useDeleteCompany } from '@tessera/data-access/hooks';
import { Actions, Button, DataTable, Dialog, EmptyState, QueryView, toast } from '@tessera/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ActivitySummary } from '../shared/activity-summary';
import { EmailThreads } from '../shared/email-threads';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { useOwnerName } from '../shared/use-owner-name';
import { CompanyFormDialog } from './company-form-dialog';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xxl}; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 12px;
  margin: 0 0 ${({ theme }) => theme.space(5)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Part = styled.section`
  margin-bottom: ${({ theme }) => theme.space(5)};
  h3 { font-size: ${({ theme }) => theme.font.size.lg}; margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const ActivityList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 6px 0; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const label = (value: string | null) =>
  value ? value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()) : '—';

/** A company's page (docs/product/companies.md#company-page): its fields, contacts, deals and activities. */
export function CompanyDetail({
  companyId,
  basePath,
  onDeleted,
}: {
  companyId: string;
  basePath: string;
  onDeleted: () => void;
}) {
  const company = useCompany(companyId);
  const remove = useDeleteCompany();
  const canWrite = useCrmCanWrite();
  const ownerName = useOwnerName();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [now] = useState(() => new Date());

  async function confirmDelete() {
    try {
      await remove.mutateAsync(companyId);
      toast({ title: 'Company deleted' });
      setConfirming(false);
      onDeleted();
    } catch {
      toast({ title: 'Failed to delete the company', variant: 'destructive' });
    }
  }

  return (
    <QueryView
      query={company}
      loadingLabel="Loading company"
      errorTitle="Company not found"
      retryLabel="Try again"
    >
      {(data) => (
        <article aria-labelledby="company-name">
          <Head>
            <div>
              <h2 id="company-name">{data.name}</h2>
            </div>
            {canWrite ? (
              <Actions>
                <Button onClick={() => setEditing(true)}>Edit Company</Button>
                <Button variant="destructive" onClick={() => setConfirming(true)}>
                  Delete Company
                </Button>
              </Actions>
            ) : null}
          </Head>
          <Facts>
            <dt>Domain</dt>
            <dd>{data.domain ?? '—'}</dd>
            <dt>Industry</dt>
            <dd>{label(data.industry)}</dd>
            <dt>Size</dt>
            <dd>{data.size ? `${data.size} employees` : '—'}</dd>
            <dt>Phone</dt>
            <dd>{data.phone ?? '—'}</dd>
            <dt>Address</dt>
            <dd>{data.address ?? '—'}</dd>
            <dt>Owner</dt>
            <dd>{ownerName(data.owner_id)}</dd>
          </Facts>
          <Part aria-labelledby="company-contacts">
            <h3 id="company-contacts">Contacts ({data.contacts.length})</h3>
            {data.contacts.length === 0 ? (
              <EmptyState title="No contacts at this company" />
            ) : (
              <DataTable label="Contacts of the company" columns={['Name', 'Title', 'Email', 'Status']}>
                {data.contacts.map((contact) => (
                  <tr key={contact.id}>
                    <td>
                      {contact.first_name} {contact.last_name}
                    </td>
                    <td>{contact.title ?? '—'}</td>
                    <td>{contact.email ?? '—'}</td>
                    <td>{label(contact.status)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Part>
          <Part aria-labelledby="company-deals">
            <h3 id="company-deals">Deals ({data.deals.length})</h3>
            {data.deals.length === 0 ? (
              <EmptyState title="No deals with this company" />
            ) : (
              <DataTable label="Deals of the company" columns={['Deal', 'Stage', 'Amount', 'Owner']}>
                {data.deals.map((deal) => (
                  <tr key={deal.id}>
                    <td>
                      <Link to={`${basePath}/deals/${deal.id}`}>{deal.name}</Link>
                    </td>
                    <td>{DEAL_STAGE_LABELS[deal.stage]}</td>
                    <td>{formatUsd(deal.amount)}</td>
                    <td>{ownerName(deal.owner_id)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Part>
          <Part aria-labelledby="company-activities">
            <h3 id="company-activities">Activities</h3>
            {data.activities.length === 0 ? (
              <EmptyState title="No activities recorded" />
            ) : (
              <ActivityList>
                {data.activities.map((activity) => (
                  <li key={activity.id}>
                    <ActivitySummary activity={activity} now={now} />
                  </li>
                ))}
              </ActivityList>
            )}
          </Part>
          <Part>
            <EmailThreads kind="companies" id={companyId} />
          </Part>
          <CompanyFormDialog open={editing} onOpenChange={setEditing} company={data} />
          <Dialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete Company"
            description={`Delete ${data.name}? Its contacts and deals stay, without a company.`}
          >
            <Actions>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="destructive" onClick={() => void confirmDelete()} disabled={remove.isPending}>
                Delete Company
              </Button>
            </Actions>
          </Dialog>
        </article>
      )}
    </QueryView>
  );
}
