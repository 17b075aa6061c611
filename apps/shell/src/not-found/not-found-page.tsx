import { EmptyState, PageHeader } from '@tessera/ui';
import { Link, useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <>
      <PageHeader
        title="Page not found"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Page not found' }]}
      />
      <EmptyState
        title={`Nothing lives at ${location.pathname}`}
        description="The address may be mistyped, or the page was moved."
        action={<Link to="/dashboard">Go to the dashboard</Link>}
      />
    </>
  );
}
