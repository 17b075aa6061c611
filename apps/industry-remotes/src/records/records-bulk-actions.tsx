import { bulkEditableFields, type RecordSchema } from '@tessera/data-access/contracts';
import { useBulkDeleteRecords, useBulkUpdateRecords } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, ErrorText, toast } from '@tessera/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { NativeSelect } from './records-styles';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.primaryMuted};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.font.size.sm};
  strong { margin-right: auto; }
`;

export interface RecordsBulkActionsProps {
  schema: RecordSchema;
  selected: readonly string[];
  onDone: () => void;
}

/** For the selected records: set one enum field (a status) on all, or delete them all after asking. */
export function RecordsBulkActions({ schema, selected, onDone }: RecordsBulkActionsProps) {
  const ref = { moduleId: schema.moduleId, submoduleId: schema.submoduleId };
  const fields = bulkEditableFields(schema);
  const update = useBulkUpdateRecords(ref);
  const remove = useBulkDeleteRecords(ref);
  const [fieldKey, setFieldKey] = useState(schema.boardField ?? fields[0]?.key ?? '');
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldId = useId();
  const valueId = useId();
  const field = fields.find((candidate) => candidate.key === fieldKey);
  const options = field?.type === 'enum' ? field.options : [];
  const count = selected.length;
  const plural = count === 1 ? schema.entityName.toLowerCase() : schema.entityNamePlural.toLowerCase();
  if (count === 0) return null;

  return (
    <Bar role="region" aria-label="Bulk actions">
      <strong aria-live="polite">
        {count} {plural} selected
      </strong>
      {fields.length > 0 ? (
        <>
          {fields.length > 1 ? (
            <label htmlFor={fieldId}>
              Field{' '}
              <NativeSelect
                id={fieldId}
                value={fieldKey}
                onChange={(event) => {
                  setFieldKey(event.target.value);
                  setValue('');
                }}
              >
                {fields.map((candidate) => (
                  <option key={candidate.key} value={candidate.key}>
                    {candidate.label}
                  </option>
                ))}
              </NativeSelect>
            </label>
          ) : null}
          <label htmlFor={valueId}>
            Set {field?.label.toLowerCase()} to{' '}
            <NativeSelect id={valueId} value={value} onChange={(event) => setValue(event.target.value)}>
              <option value="">Choose…</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button
            size="sm"
            disabled={!value || update.isPending}
            onClick={() =>
              update.mutate(
                { ids: selected, data: { [fieldKey]: value } },
                {
                  onSuccess: (result) => {
                    toast({
                      title: `${result.count} ${result.count === 1 ? schema.entityName.toLowerCase() : schema.entityNamePlural.toLowerCase()} updated`,
                    });
                    setValue('');
                    onDone();
                  },
                  onError: (failure) =>
                    toast({ title: 'Nothing changed', description: failure.message, variant: 'destructive' }),
                },
              )
            }
          >
            {update.isPending ? 'Applying…' : 'Apply to selected'}
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="destructive" onClick={() => setConfirming(true)}>
        Delete selected
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (remove.isPending) return;
          setConfirming(open);
          setRefusal(null);
        }}
        title={`Delete ${count} ${plural}?`}
        description={`The ${count} selected ${plural} will be deleted. This cannot be undone.`}
      >
        {refusal ? <ErrorText role="alert">{refusal}</ErrorText> : null}
        <Actions>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(selected, {
                onSuccess: (result) => {
                  toast({
                    title: `${result.count} ${result.count === 1 ? schema.entityName.toLowerCase() : schema.entityNamePlural.toLowerCase()} deleted`,
                  });
                  setConfirming(false);
                  onDone();
                },
                onError: (failure) => setRefusal(failure.message),
              })
            }
          >
            {remove.isPending ? 'Deleting…' : `Delete ${count} ${plural}`}
          </Button>
        </Actions>
      </Dialog>
    </Bar>
  );
}
