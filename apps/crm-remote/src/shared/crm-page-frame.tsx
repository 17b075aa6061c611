import { PermissionGate } from '@tessera/auth';
import { EmptyState, PageHeader } from '@tessera/ui';
import type { ReactNode } from 'react';

/** Shows its content only to a member who may read the CRM; the others see why not. */
export function CrmReadGate({ children }: { children: ReactNode }) {
  return (
    <PermissionGate
      moduleId="crm"
      permission={{ resource: 'crm', action: 'read', module: 'crm' }}
      fallback={
        <EmptyState title="No access to the CRM" description="Ask an administrator for read access to CRM." />
      }
    >
      {children}
    </PermissionGate>
  );
}

/** The CRM read gate and the frame of a CRM page: its title and breadcrumbs Dashboard › CRM › … › title. */
export function CrmPageFrame({
  basePath,
  title,
  crumbs = [],
  actions,
  children,
}: {
  basePath: string;
  title: string;
  crumbs?: Array<{ label: string; to?: string }>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <CrmReadGate>
      <PageHeader
        title={title}
        actions={actions}
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'CRM', to: basePath },
          ...crumbs,
          { label: title },
        ]}
      />
      {children}
    </CrmReadGate>
  );
}
