import { useAccess, useAuth, useInstitution } from '@tessera/auth';
import { displayName, HOME_TILES, type ModuleCatalogueEntry } from '@tessera/data-access/contracts';
import { type ModuleCatalogue, useModuleCatalogue } from '@tessera/data-access/hooks';
import { Badge, Card, CardGrid, EmptyState, focusRing, PageHeader } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DueToday } from './due-today';
import { HomeGoals } from './home-goals';
import { CrmTiles, RecordsTile } from './home-tiles';
import { RecentlyViewed } from './recently-viewed';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  > h3 { font-size: ${({ theme }) => theme.font.size.lg}; margin-bottom: ${({ theme }) => theme.space(3)}; }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(8)};
  > section { margin-bottom: 0; }
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

function modulesFrom(
  ids: readonly string[],
  canSee: (id: string) => boolean,
  { findModule }: ModuleCatalogue,
): ModuleCatalogueEntry[] {
  return ids.map((id) => findModule(id)).filter((m): m is ModuleCatalogueEntry => Boolean(m && canSee(m.id)));
}

/**
 * /dashboard, the workspace home of the selected institution (docs/product/home.md): key figures
 * of each module the user can read, what is due, recently viewed records, pinned and recent
 * modules. Every tile and list asks on its own and fails on its own.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const { currentInstitution } = useInstitution();
  const { access, canSeeModule } = useAccess();
  const catalogue = useModuleCatalogue();
  const pinned = modulesFrom(access.personalization.sidebar_pinned, canSeeModule, catalogue);
  const recent = modulesFrom(access.personalization.recent_modules, canSeeModule, catalogue);
  const firstName = user?.user_metadata.first_name?.trim() || displayName(user);
  const tiles = HOME_TILES.filter((tile) => canSeeModule(tile.moduleId));
  const showCrm = canSeeModule('crm');

  return (
    <>
      <PageHeader
        title={`Welcome back, ${firstName}`}
        description={currentInstitution ? `Working in ${currentInstitution.name}` : undefined}
      />
      {currentInstitution && (showCrm || tiles.length > 0) ? (
        <Section aria-labelledby="home-figures">
          <h3 id="home-figures">Key figures</h3>
          <CardGrid $min="220px" $gap={4} aria-label="Key figures">
            {showCrm ? <CrmTiles /> : null}
            {tiles.map((tile) => (
              <li key={tile.id}>
                <RecordsTile
                  tile={tile}
                  moduleName={catalogue.findModule(tile.moduleId)?.name ?? tile.moduleId}
                />
              </li>
            ))}
          </CardGrid>
        </Section>
      ) : null}
      {currentInstitution && showCrm ? <HomeGoals /> : null}
      {currentInstitution ? (
        <Columns>
          <DueToday userId={user?.id ?? null} showCrm={showCrm} />
          <RecentlyViewed />
        </Columns>
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
