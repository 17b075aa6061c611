import { useAuth, useInstitution } from '@tessera/auth';
import { useAdministration } from '@tessera/data-access/hooks';
import { PageHeader, Stack, QueryView } from '@tessera/ui';
import { Link } from 'react-router-dom';
import { AdministratorsOnly } from '../shared/administrators-only';
import { useAdministers } from '../shared/use-administers';
import { AuditLogCard } from './audit-log-card';
import { errorMessage } from '../shared/error-message';
import { InvitationsCard } from './invitations-card';
import { LogoCard } from './logo-card';
import { MembersCard } from './members-card';
import { ModulesCard } from './modules-card';
import { SignInSecurityCard } from './sign-in-security-card';

/** Institution administration for its owners and admins. */
export function AdministrationPage() {
  const { user } = useAuth();
  const { currentInstitution } = useInstitution();
  const allowed = useAdministers();
  const overview = useAdministration(allowed);

  return (
    <>
      <PageHeader
        title="Administration"
        description={
          currentInstitution ? `Modules, members and access for ${currentInstitution.name}` : undefined
        }
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Settings', to: '/settings' },
          { label: 'Administration' },
        ]}
        actions={
          allowed ? (
            <>
              <Link to="/administration/outbox">Open the Outbox</Link>
              <Link to="/administration/api-keys">API Keys</Link>
              <Link to="/administration/webhooks">Webhooks</Link>
            </>
          ) : undefined
        }
      />
      <AdministratorsOnly allowed={allowed} can="administer it">
        <QueryView
          query={overview}
          loadingLabel="Loading administration"
          errorTitle="Administration could not be loaded"
          errorDescription={(error) => errorMessage(error, 'Please try again.')}
          retryLabel={null}
        >
          {(loaded) => (
            <Stack>
              <ModulesCard overview={loaded} />
              <LogoCard institutionName={loaded.institution.name} />
              <MembersCard currentUserId={user?.id ?? null} />
              <InvitationsCard />
              <SignInSecurityCard overview={loaded} />
              <AuditLogCard />
            </Stack>
          )}
        </QueryView>
      </AdministratorsOnly>
    </>
  );
}
