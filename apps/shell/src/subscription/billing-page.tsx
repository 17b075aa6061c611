import { useInstitution } from '@tessera/auth';
import { downloadInvoice, saveFile } from '@tessera/data-access/client';
import { formatCents, formatPlanPrice, type InvoiceSummary } from '@tessera/data-access/contracts';
import { useBilling, usePlans, useCurrentInstitutionId } from '@tessera/data-access/hooks';
import { Badge, Button, EmptyState, PageHeader, TitledCard, toast, QueryView, DataTable } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 880px;
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; }
`;

async function saveInvoice(institutionId: string, invoice: InvoiceSummary): Promise<void> {
  try {
    const file = await downloadInvoice(institutionId, invoice.id);
    saveFile(file.blob, `${invoice.number}.txt`);
  } catch {
    toast({ title: 'Error', description: 'Failed to download the invoice.', variant: 'destructive' });
  }
}

/** docs/product/subscriptions.md#billing: the current plan, an invoice per plan change, and the card on file. */
export function BillingPage() {
  const { currentInstitution } = useInstitution();
  const institutionId = useCurrentInstitutionId();
  const billing = useBilling();
  const plans = usePlans();
  const planName = (planId: string | null) =>
    planId ? (plans.data?.find((plan) => plan.id === planId)?.name ?? planId) : 'No plan';

  return (
    <>
      <PageHeader
        title="Billing"
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Subscription' },
          { label: 'Billing' },
        ]}
      />
      <QueryView
        query={billing}
        loadingLabel="Loading billing"
        errorTitle="Billing is not available"
        errorDescription={(error) => errorMessage(error, 'Failed to load billing. Please try again.')}
        retryLabel={null}
      >
        {(data) => (
          <Stack>
            <TitledCard title="Current subscription" aria-label="Current subscription">
              <dl>
                <dt>Institution</dt>
                <dd>{currentInstitution?.name ?? '—'}</dd>
                <dt>Plan</dt>
                <dd>{data.plan?.name ?? 'No plan'}</dd>
                <dt>Price</dt>
                <dd>{data.plan ? formatPlanPrice(data.plan.price_cents) : '—'}</dd>
                <dt>Status</dt>
                <dd>
                  <Badge $tone={currentInstitution?.status === 'active' ? 'success' : 'warning'}>
                    {currentInstitution?.status ?? 'unknown'}
                  </Badge>
                </dd>
              </dl>
              <p>
                <Link to="/subscription/upgrade">Compare plans</Link>
              </p>
            </TitledCard>
            <TitledCard title="Payment method" aria-label="Payment method">
              {data.payment_method ? (
                <p>
                  {data.payment_method.brand} ending in {data.payment_method.last4}, expires{' '}
                  {String(data.payment_method.exp_month).padStart(2, '0')}/{data.payment_method.exp_year}
                </p>
              ) : (
                <p>No card on file yet. The card used for a plan change is kept here.</p>
              )}
            </TitledCard>
            <TitledCard title="Invoices" aria-label="Invoices">
              {data.invoices.length === 0 ? (
                <EmptyState title="No invoices yet" description="Each plan change creates an invoice." />
              ) : (
                <DataTable columns={['Invoice', 'Date', 'Plan change', 'Amount', 'Card', 'Download']}>
                  {data.invoices.map((invoice) => (
                    <tr key={invoice.id}>
                      <td>{invoice.number}</td>
                      <td>
                        <time dateTime={invoice.created_at}>
                          {new Date(invoice.created_at).toLocaleDateString()}
                        </time>
                      </td>
                      <td>
                        {planName(invoice.from_plan_id)} → {planName(invoice.to_plan_id)}
                      </td>
                      <td>{formatCents(invoice.amount_cents, invoice.currency)}</td>
                      <td>
                        {invoice.card_brand} •••• {invoice.card_last4}
                      </td>
                      <td>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Download invoice ${invoice.number}`}
                          onClick={() => institutionId && void saveInvoice(institutionId, invoice)}
                        >
                          Download
                        </Button>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </TitledCard>
          </Stack>
        )}
      </QueryView>
    </>
  );
}
