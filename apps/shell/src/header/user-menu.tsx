import { useAccess, useAuth, useInstitution } from '@tessera/auth';
import { displayName, initials, roleLabel } from '@tessera/data-access/contracts';
import { Avatar, focusRing, MenuItem, MenuList, useMenuKeyboard, VisuallyHidden } from '@tessera/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  background: none;
  border: none;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  text-align: left;
  ${focusRing}
`;

const Names = styled.span`
  display: flex;
  flex-direction: column;
  line-height: 1.2;
  strong { font-size: ${({ theme }) => theme.font.size.sm}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.xs}; }
  @media (max-width: 767px) { display: none; }
`;

const Menu = styled(MenuList)`
  z-index: ${({ theme }) => theme.zIndex.header + 1};
`;

/** Name, initials avatar and role label (docs/product/shell.md#header-and-user-menu), with Profile, Settings and Sign out. */
export function UserMenu() {
  const { user, signOut } = useAuth();
  const { currentInstitution, clearInstitutionCache } = useInstitution();
  const { access } = useAccess();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const name = displayName(user);
  const role = roleLabel(
    access.is_super_admin ? 'super_admin' : (currentInstitution?.userRole ?? access.user.role),
  );

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    wrapperRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = useMenuKeyboard(
    useCallback(() => {
      setOpen(false);
      wrapperRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    }, []),
  );

  function choose(action: () => void) {
    setOpen(false);
    action();
  }

  async function onSignOut() {
    clearInstitutionCache();
    await signOut().catch(() => undefined);
    navigate('/signin', { replace: true });
  }

  return (
    <Wrapper ref={wrapperRef}>
      <Trigger
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {/* Named by its visible text (name and role) after these words, never by an aria-label that would leave the role out. */}
        <VisuallyHidden>User menu for </VisuallyHidden>
        <span aria-hidden="true" style={{ display: 'contents' }}>
          <Avatar name={name} initials={initials(name)} src={user?.user_metadata.avatar_url} size={34} />
        </span>
        <Names>
          <strong>{name}</strong>
          <small>{role}</small>
        </Names>
      </Trigger>
      {open ? (
        <Menu id={menuId} role="menu" aria-label="User menu" onKeyDown={onMenuKeyDown}>
          <li role="none">
            <MenuItem type="button" role="menuitem" onClick={() => choose(() => navigate('/profile'))}>
              Profile
            </MenuItem>
          </li>
          <li role="none">
            <MenuItem type="button" role="menuitem" onClick={() => choose(() => navigate('/settings'))}>
              Settings
            </MenuItem>
          </li>
          <li role="none">
            <MenuItem type="button" role="menuitem" onClick={() => choose(() => void onSignOut())}>
              Sign out
            </MenuItem>
          </li>
        </Menu>
      ) : null}
    </Wrapper>
  );
}
