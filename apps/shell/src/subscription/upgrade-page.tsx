import { useInstitution } from '@tessera/auth';
import { Badge, Card, PageHeader } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PLANS } from './plans';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  h3 { display: flex; gap: 8px; align-items: center; }
  strong { display: block; font-size: ${({ theme }) => theme.font.size.xl}; margin: 8px 0; }
  ul { padding-left: 18px; }
`;

export function UpgradePage() {
  const { currentInstitution } = useInstitution();
  return (
    <>
      <PageHeader
        title="Upgrade Plan"
        description={currentInstitution ? `Plans for ${currentInstitution.name}` : undefined}
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Subscription' },
          { label: 'Upgrade Plan' },
        ]}
      />
      <Grid aria-label="Plans">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <Card aria-label={plan.name}>
              <h3>
                {plan.name}{' '}
                {currentInstitution?.plan_id === plan.id ? <Badge $tone="primary">Current plan</Badge> : null}
              </h3>
              <strong>{plan.price}</strong>
              <p>{plan.summary}</p>
              <ul>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </Grid>
      <p>
        Changing plan happens on the <Link to="/subscription/billing">Billing</Link> page.
      </p>
    </>
  );
}
