import type { RecordsRef } from '@tessera/data-access/client';
import { isJobSettled, type RecordImportStatus } from '@tessera/data-access/contracts';
import {
  invalidateAfterRecordWrite,
  useActiveRecordImports,
  useCurrentInstitutionId,
  useRecordImport,
} from '@tessera/data-access/hooks';
import { toast } from '@tessera/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

export interface FollowedImport {
  /** The import shown on this screen: started here, or found still under way when it opened. */
  importId: string | null;
  status: RecordImportStatus | undefined;
  settled: boolean;
  follow: (importId: string) => void;
  /** Stop showing a settled import. */
  dismiss: () => void;
}

/**
 * The import this screen shows. Imports run on the server whatever the page does, so a screen
 * opened again (a reload, another visit) picks up the caller's latest import still under way and
 * shows its progress to the end. Once an import settles its lists refresh and a toast says how it
 * went, once.
 */
export function useFollowedImport(ref: RecordsRef, enabled: boolean): FollowedImport {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  const [importId, setImportId] = useState<string | null>(null);
  const resumed = useRef(false);
  const announced = useRef<string | null>(null);
  const active = useActiveRecordImports(ref, enabled);
  const job = useRecordImport(ref, importId);
  const status = job.data;
  const settled = isJobSettled(status?.status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: an import belongs to the institution and submodule it was started in
  useEffect(() => {
    setImportId(null);
    resumed.current = false;
  }, [institutionId, ref.moduleId, ref.submoduleId]);

  useEffect(() => {
    // Once per screen: after that the user decides what is shown.
    if (resumed.current || !active.data) return;
    resumed.current = true;
    const latest = active.data[0];
    if (latest) setImportId((current) => current ?? latest.id);
  }, [active.data]);

  useEffect(() => {
    if (!status || !settled || announced.current === status.id || !institutionId) return;
    announced.current = status.id;
    void invalidateAfterRecordWrite(queryClient, institutionId, ref);
    toast({
      title: status.status === 'completed' ? 'Import finished' : 'Import failed',
      description: `${status.created_count} created, ${status.error_count} refused.`,
      variant: status.status === 'completed' && status.error_count === 0 ? 'default' : 'destructive',
    });
  }, [status, settled, institutionId, queryClient, ref]);

  return {
    importId,
    status,
    settled,
    follow: (id) => {
      resumed.current = true;
      setImportId(id);
    },
    dismiss: () => setImportId(null),
  };
}
