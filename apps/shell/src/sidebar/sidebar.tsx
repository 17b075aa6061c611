import { useAccess, useAuth } from '@tessera/auth';
import type { ModuleCatalogueEntry } from '@tessera/data-access/contracts';
import { useModuleCatalogue } from '@tessera/data-access/hooks';
import { useTogglePinnedModule } from '@tessera/data-access/hooks';
import { Badge, focusRing, scrollAreaStyles, Spinner, toast, useScrollHide } from '@tessera/ui';
import { useEffect, useMemo, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { QuickSearch } from '../quick-search/quick-search';
import { sidebarModules } from './sidebar-modules';

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  ${scrollAreaStyles}
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const Logo = styled(Link)`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: ${({ theme }) => theme.space(4)};
  font-weight: 800;
  font-size: ${({ theme }) => theme.font.size.xl};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  ${focusRing}
  /* The mark is drawn, not written: its letter is no text of the link (alt text empty), so the
     link's name "Tessera home" contains all the text it shows. */
  &::before { content: 'T' / ''; display: inline-grid; place-items: center; width: 28px; height: 28px; border-radius: 8px;
    background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; font-size: 15px; }
`;

const Group = styled.section`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  h2, h2 button {
    font-size: ${({ theme }) => theme.font.size.xs};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0 0 ${({ theme }) => theme.space(1)};
    padding: 0 ${({ theme }) => theme.space(2)};
  }
  ul { list-style: none; margin: 0; padding: 0; }
`;

const GroupToggle = styled.button`
  display: flex;
  width: 100%;
  /* WCAG 2.2 target size: at least 24 px tall, though its label is the small group heading. */
  min-height: 24px;
  align-items: center;
  justify-content: space-between;
  background: none;
  border: none;
  cursor: pointer;
  ${focusRing}
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
  border-radius: ${({ theme }) => theme.radii.md};
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

const ItemLink = styled(NavLink)`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 6px;
  padding: 6px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  white-space: nowrap;
  > span:first-child { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
  > span + span { flex: none; font-size: 10px; padding: 0 6px; }
  &.active { color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
  ${focusRing}
`;

const IconButton = styled.button`
  flex: none;
  width: 28px;
  height: 28px;
  display: inline-grid;
  place-items: center;
  background: none;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[aria-pressed='true'] { color: ${({ theme }) => theme.colors.primary}; }
  ${focusRing}
`;

const SubList = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)} !important;
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  a { font-size: ${({ theme }) => theme.font.size.sm}; }
`;

function ModuleItem({
  module,
  pinned,
  onTogglePin,
}: {
  module: ModuleCatalogueEntry;
  pinned: boolean;
  onTogglePin: (module: ModuleCatalogueEntry) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const subListId = `sidebar-${module.id}-submodules`;
  return (
    <li>
      <Row>
        <IconButton
          type="button"
          aria-expanded={expanded}
          aria-controls={subListId}
          aria-label={`${expanded ? 'Hide' : 'Show'} ${module.name} submodules`}
          onClick={() => setExpanded((value) => !value)}
        >
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
        </IconButton>
        <ItemLink to={module.route} end={false}>
          <span>{module.name}</span>
          {module.isPremium ? <Badge $tone="premium">Premium</Badge> : null}
        </ItemLink>
        <IconButton
          type="button"
          aria-pressed={pinned}
          aria-label={`${pinned ? 'Unpin' : 'Pin'} ${module.name}`}
          title={pinned ? 'Unpin' : 'Pin'}
          onClick={() => onTogglePin(module)}
        >
          <span aria-hidden="true">{pinned ? '★' : '☆'}</span>
        </IconButton>
      </Row>
      {expanded ? (
        <SubList id={subListId} aria-label={`${module.name} submodules`}>
          {module.submodules.map((submodule) => (
            <li key={submodule.id}>
              <ItemLink to={submodule.route}>{submodule.name}</ItemLink>
            </li>
          ))}
        </SubList>
      ) : null}
    </li>
  );
}

/** The sidebar (docs/product/shell.md#sidebar): logo, quick search, modules the user may see (pinned first), Subscription. */
export function Sidebar() {
  const { user } = useAuth();
  const { access, canSeeModule, isLoading: accessLoading } = useAccess();
  const [subscriptionOpen, setSubscriptionOpen] = useState(true);
  const scrollRef = useScrollHide<HTMLDivElement>();
  const pinnedIds = access.personalization.sidebar_pinned;
  const togglePin = useTogglePinnedModule(user?.id);
  const catalogue = useModuleCatalogue();

  const { pinned, groups } = useMemo(
    () => sidebarModules(catalogue.modules, canSeeModule, pinnedIds),
    [catalogue.modules, canSeeModule, pinnedIds],
  );
  const visibleModules = useMemo(
    () => catalogue.modules.filter((entry) => canSeeModule(entry.id)),
    [catalogue.modules, canSeeModule],
  );
  // A module enabled since the catalogue was read (registered on the running platform): read it again.
  const unknownVisible =
    !catalogue.isPending &&
    access.organization.modules_included.some((id) => canSeeModule(id) && !catalogue.findModule(id));
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch once per new unknown module, not per render
  useEffect(() => {
    if (unknownVisible && !catalogue.isPending) catalogue.refetch();
  }, [unknownVisible, catalogue.isPending]);

  function onTogglePin(module: ModuleCatalogueEntry) {
    const wasPinned = pinnedIds.includes(module.id);
    togglePin.mutate(module.id, {
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            error.message === 'User not loaded'
              ? 'User not loaded'
              : `Could not ${wasPinned ? 'unpin' : 'pin'} ${module.name}`,
          variant: 'destructive',
        }),
    });
  }

  return (
    <Panel ref={scrollRef}>
      <Logo to="/" aria-label="Tessera home">
        Tessera
      </Logo>
      <QuickSearch modules={visibleModules} />
      <nav aria-label="Modules">
        {pinned.length > 0 ? (
          <Group aria-labelledby="sidebar-pinned">
            <h2 id="sidebar-pinned">Pinned</h2>
            <ul>
              {pinned.map((module) => (
                <ModuleItem key={module.id} module={module} pinned onTogglePin={onTogglePin} />
              ))}
            </ul>
          </Group>
        ) : null}
        {groups.map((group) => (
          <Group key={group.category} aria-labelledby={`sidebar-${group.category}`}>
            <h2 id={`sidebar-${group.category}`}>{group.category}</h2>
            <ul>
              {group.modules.map((module) => (
                <ModuleItem key={module.id} module={module} pinned={false} onTogglePin={onTogglePin} />
              ))}
            </ul>
          </Group>
        ))}
        {accessLoading ? <Spinner label="Loading modules" block /> : null}
        {!accessLoading && pinned.length === 0 && groups.length === 0 ? (
          <Group>
            <p>No modules are enabled for this institution.</p>
          </Group>
        ) : null}
        <Group>
          <h2>
            <GroupToggle
              type="button"
              aria-expanded={subscriptionOpen}
              aria-controls="sidebar-subscription"
              onClick={() => setSubscriptionOpen((open) => !open)}
            >
              Subscription <span aria-hidden="true">{subscriptionOpen ? '▾' : '▸'}</span>
            </GroupToggle>
          </h2>
          {subscriptionOpen ? (
            <ul id="sidebar-subscription">
              <li>
                <ItemLink to="/subscription/upgrade">Upgrade Plan</ItemLink>
              </li>
              <li>
                <ItemLink to="/subscription/billing">Billing</ItemLink>
              </li>
              {/* docs/product/shell.md#sidebar: development builds only; a build-time constant, so production has no trace. */}
              {process.env.NODE_ENV === 'development' ? (
                <li>
                  <ItemLink to="/payment-test">Payment Test</ItemLink>
                </li>
              ) : null}
            </ul>
          ) : null}
        </Group>
      </nav>
    </Panel>
  );
}
