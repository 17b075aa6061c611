import { useInstitution } from '@tessera/auth';
import type { Institution } from '@tessera/data-access/contracts';
import { PageHeader, QueryView, type QueryViewSource, Stack } from '@tessera/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../shared/error-message';
import { AdministratorsOnly } from '../shared/administrators-only';
import { useAdministers } from '../shared/use-administers';

/** The pages of the ways in and out of an institution, and where each leads to the other. */
const PAGES = {
  'API Keys': { to: '/administration/api-keys', noun: 'API keys' },
  Webhooks: { to: '/administration/webhooks', noun: 'webhooks' },
} as const;

type IntegrationsPageTitle = keyof typeof PAGES;

/**
 * An integrations page: its header under Administration, a link to the other page, and its content
 * for the institution's owners and admins only.
 */
export function IntegrationsPageFrame({
  title,
  describe,
  children,
}: {
  title: IntegrationsPageTitle;
  describe: (institution: Institution) => string;
  children: ReactNode;
}) {
  const { currentInstitution } = useInstitution();
  const allowed = useAdministers();
  const [other] = (Object.keys(PAGES) as IntegrationsPageTitle[]).filter((page) => page !== title);
  return (
    <>
      <PageHeader
        title={title}
        description={currentInstitution ? describe(currentInstitution) : undefined}
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Administration', to: '/administration' },
          { label: title },
        ]}
        actions={allowed && other ? <Link to={PAGES[other].to}>{other}</Link> : undefined}
      />
      <AdministratorsOnly allowed={allowed} can={`manage ${PAGES[title].noun}`}>
        <Stack>{children}</Stack>
      </AdministratorsOnly>
    </>
  );
}

/** A list of the page's things: loading, its error, an empty state, or the list itself. */
export function IntegrationsList<T>({
  query,
  noun,
  empty,
  children,
}: {
  query: QueryViewSource<T[]>;
  noun: string;
  empty: ReactNode;
  children: (list: T[]) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      loadingLabel={`Loading ${noun}`}
      errorTitle={`${noun[0]?.toUpperCase()}${noun.slice(1)} could not be loaded`}
      errorDescription={(error) => errorMessage(error, 'Please try again.')}
      retryLabel={null}
    >
      {(list) => (list.length === 0 ? empty : children(list))}
    </QueryView>
  );
}
