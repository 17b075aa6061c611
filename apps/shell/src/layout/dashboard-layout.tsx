import { useLiveUpdates } from '@tessera/data-access/hooks';
import { Outlet } from 'react-router-dom';
import { focusRing, PageTrailProvider } from '@tessera/ui';
import styled from 'styled-components';
import { SuspendedGate } from '../administration/suspended-notice';
import { GlobalSearch } from '../global-search/global-search';
import { Header } from '../header/header';
import { SsoSignInGate } from './sso-sign-in-gate';
import { TwoFactorGate } from './two-factor-gate';
import { Sidebar } from '../sidebar/sidebar';
import { SidebarProvider, useSidebar } from '../shared/sidebar-context';

const SIDEBAR_WIDTH = 272;

const Shell = styled.div`
  min-height: 100vh;
  @media (min-width: 1024px) {
    display: grid;
    grid-template-columns: ${SIDEBAR_WIDTH}px minmax(0, 1fr);
  }
`;

const Aside = styled.aside<{ $drawer: boolean; $open: boolean }>`
  ${({ $drawer, $open, theme }) =>
    $drawer
      ? `position: fixed; inset: 0 auto 0 0; width: min(${SIDEBAR_WIDTH + 28}px, 86vw);
         z-index: ${theme.zIndex.drawer}; box-shadow: ${theme.shadow.popover};
         transform: translateX(${$open ? '0' : '-105%'}); transition: transform 200ms ease;
         visibility: ${$open ? 'visible' : 'hidden'};`
      : 'position: sticky; top: 0; height: 100vh;'}
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  z-index: ${({ theme }) => theme.zIndex.drawer - 1};
`;

// Off screen until focused: the first Tab of every page offers to jump over the sidebar's links.
const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(4)};
  top: -100px;
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  &:focus {
    top: ${({ theme }) => theme.space(2)};
  }
  ${focusRing}
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
  max-width: 1280px;
  &:focus { outline: none; }
  @media (max-width: 767px) { padding: ${({ theme }) => theme.space(4)}; }
`;

function Frame() {
  const { isDrawer, drawerOpen, closeDrawer } = useSidebar();
  // Other people's changes reach every open screen of the institution (pipeline, contacts, records).
  useLiveUpdates();
  return (
    <Shell>
      <SkipLink
        href="#main-content"
        onClick={(event) => {
          // Focus moves without a hash in the URL (the router owns it).
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to main content
      </SkipLink>
      <Aside
        id="app-sidebar"
        aria-label="Sidebar"
        $drawer={isDrawer}
        $open={drawerOpen}
        role={isDrawer ? 'dialog' : undefined}
        aria-modal={isDrawer && drawerOpen ? true : undefined}
      >
        <Sidebar />
      </Aside>
      {isDrawer && drawerOpen ? (
        <Overlay data-testid="sidebar-overlay" aria-hidden="true" onClick={closeDrawer} />
      ) : null}
      <div>
        <Header search={<GlobalSearch />} />
        <Main id="main-content" tabIndex={-1}>
          <SuspendedGate>
            <SsoSignInGate>
              <TwoFactorGate>
                <Outlet />
              </TwoFactorGate>
            </SsoSignInGate>
          </SuspendedGate>
        </Main>
      </div>
    </Shell>
  );
}

/** The signed-in frame (docs/product/shell.md#layout-and-breakpoints): sidebar, header naming the page, main content. */
export function DashboardLayout() {
  return (
    <SidebarProvider>
      <PageTrailProvider>
        <Frame />
      </PageTrailProvider>
    </SidebarProvider>
  );
}
