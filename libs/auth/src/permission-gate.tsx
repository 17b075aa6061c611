import type { Permission } from '@tessera/data-access/contracts';
import { Spinner } from '@tessera/ui';
import type { ReactNode } from 'react';
import { useAccess } from './access-provider';
import { decideGate } from './gate-decision';

export interface PermissionGateProps {
  children: ReactNode;
  /** Needs access (read, write or admin) on this module. */
  moduleId?: string;
  /** A role level the user's role must satisfy (a higher role satisfies a lower one). */
  requiredRole?: string;
  /** Role levels: any one, or all with requireAll. */
  roles?: readonly string[];
  /** `resource.action`, `resource.action.module`, or `{ resource, action, module }`. */
  permission?: Permission;
  /** Permissions: any one, or all with requireAll. */
  permissions?: readonly Permission[];
  requireAll?: boolean;
  /** Shown when denied; nothing by default. */
  fallback?: ReactNode;
}

/** Shows its children only when the caller passes every requirement (docs/product/access.md#permission-gate). */
export function PermissionGate({ children, fallback = null, ...requirements }: PermissionGateProps) {
  const { access, isLoading } = useAccess();
  const decision = decideGate({ loading: isLoading, access }, requirements);
  if (decision === 'loading') return <Spinner label="Checking permissions" block />;
  return <>{decision === 'allow' ? children : fallback}</>;
}
