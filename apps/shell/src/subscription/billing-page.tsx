import { useInstitution } from '@tessera/auth';
import { Badge, EmptyState, PageHeader, TitledCard } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { planName } from './plans';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 720px;
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; }
`;

export function BillingPage() {
  const { currentInstitution } = useInstitution();
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
      <Stack>
        <TitledCard title="Current subscription" aria-label="Current subscription">
          <dl>
            <dt>Institution</dt>
            <dd>{currentInstitution?.name ?? '—'}</dd>
            <dt>Plan</dt>
            <dd>{planName(currentInstitution?.plan_id)}</dd>
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
        <TitledCard title="Invoices" aria-label="Invoices">
          <EmptyState title="No invoices yet" description="Invoices appear here once a paid plan starts." />
        </TitledCard>
      </Stack>
    </>
  );
}
