import { useAccess, useAuth, useInstitution } from '@tessera/auth';
import { displayName, findModule, type ModuleCatalogueEntry } from '@tessera/data-access/contracts';
import { useCrmAnalytics } from '@tessera/data-access/hooks';
import { Badge, Card, CardGrid, EmptyState, focusRing, PageHeader } from '@tessera/ui';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { kpiCards, last30Days } from './kpi-cards';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  > h3 { font-size: ${({ theme }) => theme.font.size.lg}; margin-bottom: ${({ theme }) => theme.space(3)}; }
`;

const ModuleLink = styled(Link)`
  display: block;
  height: 100%;
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.lg};
  ${focusRing}
  section { height: 100%; }
  &:hover section { border-color: ${({ theme }) => theme.colors.primary}; }
  strong { display: flex; gap: 6px; align-items: center; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Kpi = styled(Card)`
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  dd { margin: 4px 0 0; font-size: ${({ theme }) => theme.font.size.xxl}; font-weight: 700; }
`;

function ModuleCards({ modules, label }: { modules: ModuleCatalogueEntry[]; label: string }) {
  return (
    <CardGrid $min="220px" $gap={4} aria-label={label}>
      {modules.map((module) => (
        <li key={module.id}>
          <ModuleLink to={module.route}>
            <Card>
              <strong>
                {module.name} {module.isPremium ? <Badge $tone="premium">Premium</Badge> : null}
              </strong>
              <p>{module.description}</p>
            </Card>
          </ModuleLink>
        </li>
      ))}
    </CardGrid>
  );
}

function modulesFrom(ids: readonly string[], canSee: (id: string) => boolean): ModuleCatalogueEntry[] {
  return ids.map((id) => findModule(id)).filter((m): m is ModuleCatalogueEntry => Boolean(m && canSee(m.id)));
}

/** /dashboard: KPIs when the CRM answers, pinned modules, recently opened modules. */
export function DashboardPage() {
  const { user } = useAuth();
  const { currentInstitution } = useInstitution();
  const { access, canSeeModule } = useAccess();
  const range = useMemo(() => last30Days(), []);
  const analytics = useCrmAnalytics(range.start, range.end, canSeeModule('crm'));
  const kpis = analytics.isSuccess ? kpiCards(analytics.data) : [];
  const pinned = modulesFrom(access.personalization.sidebar_pinned, canSeeModule);
  const recent = modulesFrom(access.personalization.recent_modules, canSeeModule);
  const firstName = user?.user_metadata.first_name?.trim() || displayName(user);

  return (
    <>
      <PageHeader
        title={`Welcome back, ${firstName}`}
        description={currentInstitution ? `Working in ${currentInstitution.name}` : undefined}
      />
      {kpis.length > 0 ? (
        <Section aria-labelledby="dashboard-kpis">
          <h3 id="dashboard-kpis">Sales in the last 30 days</h3>
          <CardGrid $min="220px" $gap={4}>
            {kpis.map((kpi) => (
              <li key={kpi.label}>
                <Kpi>
                  <dl style={{ margin: 0 }}>
                    <dt>{kpi.label}</dt>
                    <dd>{kpi.value}</dd>
                  </dl>
                </Kpi>
              </li>
            ))}
          </CardGrid>
        </Section>
      ) : null}
      <Section aria-labelledby="dashboard-pinned">
        <h3 id="dashboard-pinned">Pinned modules</h3>
        {pinned.length > 0 ? (
          <ModuleCards modules={pinned} label="Pinned modules" />
        ) : (
          <Card>
            <EmptyState
              title="No pinned modules yet"
              description="Pin a module with the star in the sidebar to keep it here and at the top of the sidebar."
            />
          </Card>
        )}
      </Section>
      <Section aria-labelledby="dashboard-recent">
        <h3 id="dashboard-recent">Recent modules</h3>
        {recent.length > 0 ? (
          <ModuleCards modules={recent} label="Recent modules" />
        ) : (
          <Card>
            <EmptyState title="No recent modules" description="Modules you open appear here." />
          </Card>
        )}
      </Section>
    </>
  );
}
