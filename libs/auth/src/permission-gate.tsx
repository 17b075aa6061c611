import { Spinner } from '@tessera/ui';
import type { ReactNode } from 'react';
import { useAccess } from './access-provider';
import { decideGate, type GateRequirements } from './gate-decision';

export interface PermissionGateProps extends GateRequirements {
  children: ReactNode;
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
