import { InstitutionSwitcher } from '@tessera/auth';
import { focusRing, useCurrentPlace } from '@tessera/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSidebar } from '../shared/sidebar-context';
import { UserMenu } from './user-menu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 60px;
  padding: 8px ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h1 {
    font-size: ${({ theme }) => theme.font.size.xl};
    flex: 1;
    min-width: 0;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  select { max-width: 40vw; }
  /* Under the desktop width the place gets a line of its own under the controls, never an ellipsis. */
  @media (max-width: 1023px) {
    flex-wrap: wrap;
    h1 { order: 1; flex-basis: 100%; white-space: normal; }
  }
  @media (max-width: 767px) {
    gap: ${({ theme }) => theme.space(2)};
    padding: 8px ${({ theme }) => theme.space(3)};
    h1 { font-size: ${({ theme }) => theme.font.size.lg}; }
    select { max-width: 34vw; }
  }
`;

const MenuButton = styled.button`
  /* It shows under the desktop width only, where it keeps the search and the menus at the right. */
  margin-right: auto;
  display: inline-grid;
  place-items: center;
  width: 36px;
  height: 36px;
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  font-size: 18px;
  ${focusRing}
`;

const Separator = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The top header (docs/product/shell.md#header-and-user-menu): where the person is (module, then
 * page, as the breadcrumb says; Dashboard on the home page), search, institution switcher, user menu.
 */
export function Header({ search }: { search?: ReactNode }) {
  const { isDrawer, drawerOpen, openDrawer } = useSidebar();
  const [first, page] = useCurrentPlace().heading;
  return (
    <Bar>
      {isDrawer ? (
        <MenuButton
          type="button"
          aria-label="Open navigation"
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          onClick={openDrawer}
        >
          <span aria-hidden="true">☰</span>
        </MenuButton>
      ) : null}
      <h1>
        {page ? (
          <>
            {first} <Separator>›</Separator> {page}
          </>
        ) : (
          first
        )}
      </h1>
      {search}
      <InstitutionSwitcher />
      <UserMenu />
    </Bar>
  );
}
