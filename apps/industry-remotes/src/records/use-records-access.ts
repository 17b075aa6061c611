import { useAccess, useInstitution } from '@tessera/auth';

export interface RecordsAccess {
  institutionId: string | null;
  /** Write or admin on the module: New, Edit, Delete, Import and board moves show only then. */
  canWrite: boolean;
}

/** The institution and whether the user may change this module's records (levels: docs/product/access.md#access-levels). */
export function useRecordsAccess(moduleId: string): RecordsAccess {
  const { currentInstitution } = useInstitution();
  const { hasModuleLevel, isLoading } = useAccess();
  return {
    institutionId: currentInstitution?.id ?? null,
    canWrite: !isLoading && hasModuleLevel(moduleId, 'write'),
  };
}
