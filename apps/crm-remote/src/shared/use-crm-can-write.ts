import { useAccess } from '@tessera/auth';

/**
 * Whether the person may change CRM data (docs/product/access.md#access-levels: write or admin on crm). Read-only
 * members see every screen; the controls that would be refused by the API are disabled.
 */
export function useCrmCanWrite(): boolean {
  const { hasModuleLevel } = useAccess();
  return hasModuleLevel('crm', 'write');
}

export const READ_ONLY_NOTE = 'You have read-only access to the CRM.';
