import { useAuth } from '@tessera/auth';
import { Spinner } from '@tessera/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/** Pages behind sign-in: a signed-out visitor goes to /signin and comes back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner label="Loading your session" block />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/signin" replace state={{ from }} />;
  }
  return <>{children}</>;
}
