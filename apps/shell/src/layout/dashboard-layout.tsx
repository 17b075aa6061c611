import { useLiveUpdates } from '@tessera/data-access/hooks';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { SuspendedGate } from '../administration/suspended-notice';
import { Header } from '../header/header';
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

const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
  max-width: 1280px;
  @media (max-width: 767px) { padding: ${({ theme }) => theme.space(4)}; }
`;

function Frame() {
  const { isDrawer, drawerOpen, closeDrawer } = useSidebar();
  // Other people's changes reach every open screen of the institution (pipeline, contacts, records).
  useLiveUpdates();
  return (
    <Shell>
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
        <Header />
        <Main>
          <SuspendedGate>
            <Outlet />
          </SuspendedGate>
        </Main>
      </div>
    </Shell>
  );
}

/** The signed-in frame (docs/product/shell.md#layout-and-breakpoints): sidebar, header titled Dashboard, main content. */
export function DashboardLayout() {
  return (
    <SidebarProvider>
      <Frame />
    </SidebarProvider>
  );
}
