import { useAccess } from '@tessera/auth';
import { ssoSessionRequiredMessage } from '@tessera/data-access/contracts';
import { ButtonLink, EmptyState } from '@tessera/ui';
import type { ReactNode } from 'react';

/**
 * An institution that made single sign-on its only way in admits no session opened with a password
 * (its owners excepted); the API refuses its data with the same words. The page sends the person
 * through the institution's provider instead of showing a workspace that cannot load.
 */
export function SsoSignInGate({ children }: { children: ReactNode }) {
  const { access } = useAccess();
  const required = access.sso_sign_in_required;
  if (!required) return <>{children}</>;
  return (
    <div role="alert">
      <EmptyState
        title={`Sign in with ${required.name} to continue`}
        description={ssoSessionRequiredMessage(access.organization.name, required.name)}
        action={
          <ButtonLink to={required.start_url} reloadDocument variant="primary">
            Continue with {required.name}
          </ButtonLink>
        }
      />
    </div>
  );
}
