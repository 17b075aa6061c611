import styled from 'styled-components';
import { focusRing } from './focus-ring';

/**
 * A drop-down menu's list (`role="menu"`), under its trigger and aligned to the trigger's right edge:
 * wrap both in a `position: relative` box and set the menu's `z-index` where it is used.
 */
export const MenuList = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  min-width: 180px;
  list-style: none;
  margin: 0;
  padding: 4px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadow.popover};
`;

/** One item of a `MenuList` (`role="menuitem"`): a full-width button; `$danger` for a destructive action. */
export const MenuItem = styled.button<{ $danger?: boolean }>`
  width: 100%;
  text-align: left;
  background: none;
  border: none;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.destructive : theme.colors.text)};
  cursor: pointer;
  font: inherit;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  ${focusRing}
`;
