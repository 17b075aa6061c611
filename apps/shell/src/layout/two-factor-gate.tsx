import { useAccess } from '@tessera/auth';
import { twoFactorRequiredMessage } from '@tessera/data-access/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SHELL_ROUTES } from '../app/shell-routes';

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

/**
 * An institution that requires two-factor sign-in sends its members without it to their profile to
 * set it up (the API refuses them its modules with the same words); the profile says why.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const { access } = useAccess();
  const { pathname } = useLocation();
  if (!access.two_factor_setup_required) return <>{children}</>;
  if (pathname !== SHELL_ROUTES.profile) return <Navigate to={SHELL_ROUTES.profile} replace />;
  return (
    <>
      <Notice role="alert">{twoFactorRequiredMessage(access.organization.name)}</Notice>
      {children}
    </>
  );
}
