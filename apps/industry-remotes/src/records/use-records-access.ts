import { useAccess } from '@tessera/auth';

export interface RecordsAccess {
  /** Write or admin on the module: New, Edit, Delete, Import and board moves show only then. */
  canWrite: boolean;
}

/** Whether the user may change this module's records (levels: docs/product/access.md#access-levels). */
export function useRecordsAccess(moduleId: string): RecordsAccess {
  const { hasModuleLevel, isLoading } = useAccess();
  return {
    canWrite: !isLoading && hasModuleLevel(moduleId, 'write'),
  };
}
