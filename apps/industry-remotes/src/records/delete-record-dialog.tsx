import type { RecordItem, RecordSchema } from '@tessera/data-access/contracts';
import { useDeleteRecord } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, toast } from '@tessera/ui';
import { useCallback, useState } from 'react';
import styled from 'styled-components';

const Refusal = styled.p`
  color: ${({ theme }) => theme.colors.destructive};
`;

export interface DeleteRecordDialogProps {
  schema: RecordSchema;
  record: RecordItem | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** Asks before deleting; a 409 (other records refer to it) keeps the dialog open with the reason. */
export function DeleteRecordDialog({ schema, record, onOpenChange, onDeleted }: DeleteRecordDialogProps) {
  const remove = useDeleteRecord({
    moduleId: schema.moduleId,
    submoduleId: schema.submoduleId,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const entity = schema.entityName.toLowerCase();
  const pending = remove.isPending;
  // Stable: the Dialog re-runs its focus effect whenever this changes.
  const close = useCallback(
    (open: boolean) => {
      if (pending) return;
      setRefusal(null);
      onOpenChange(open);
    },
    [pending, onOpenChange],
  );
  return (
    <Dialog
      open={record !== null}
      onOpenChange={close}
      title={`Delete ${entity}?`}
      description={record ? `“${record.title}” will be deleted. This cannot be undone.` : undefined}
    >
      {refusal ? <Refusal role="alert">{refusal}</Refusal> : null}
      <Actions>
        <Button variant="secondary" onClick={() => close(false)} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending || !record}
          onClick={() => {
            if (!record) return;
            remove.mutate(record.id, {
              onSuccess: () => {
                toast({ title: `${schema.entityName} deleted`, description: record.title });
                setRefusal(null);
                onOpenChange(false);
                onDeleted?.();
              },
              onError: (error) => {
                setRefusal(error.message);
                toast({
                  title: `${schema.entityName} not deleted`,
                  description: error.message,
                  variant: 'destructive',
                });
              },
            });
          }}
        >
          {remove.isPending ? 'Deleting…' : `Delete ${entity}`}
        </Button>
      </Actions>
    </Dialog>
  );
}
