import {
  CRM_DUPLICATE_ENTITIES,
  CRM_IMPORT_ENTITY_LABELS,
  type CrmDuplicateEntity,
  DUPLICATE_CRITERIA,
  DUPLICATE_REASONS,
  type DuplicateGroup,
  MERGE_FIELDS,
} from '@tessera/data-access/contracts';
import { useDuplicates, useMergeDuplicates } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, QueryCard, Select, Stack, DataTable, toast } from '@tessera/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { mergeChoices } from './merge-choices';

const MOVED_LABELS: Record<string, [string, string]> = {
  activities: ['activity', 'activities'],
  contacts: ['contact', 'contacts'],
  deals: ['deal', 'deals'],
  files: ['file', 'files'],
  tags: ['tag', 'tags'],
  custom_fields: ['custom field', 'custom fields'],
  automation_runs: ['automation run', 'automation runs'],
  workflow_runs: ['workflow run', 'workflow runs'],
  qualification: ['qualification', 'qualifications'],
};

/** What happens to the record that is not kept, as the merge dialog says it. */
const MERGE_DESCRIPTIONS: Record<CrmDuplicateEntity, string> = {
  contacts:
    'The record kept gets the chosen value of each field; activities, deals, files and tags of the other move to it, and the other is deleted.',
  leads:
    'The record kept gets the chosen value of each field; activities, workflow runs and the qualification of the other move to it, and the other is deleted.',
  companies:
    'The company kept gets the chosen value of each field; the contacts and deals of the other move to it, and the other is deleted.',
  deals:
    'The deal kept gets the chosen value of each field; activities and files of the other move to it, and the other is deleted.',
};

function movedText(key: string, count: number): string {
  const [one, many] = MOVED_LABELS[key] ?? [key, key];
  return `${count} ${count === 1 ? one : many}`;
}

interface MergeDialogProps {
  entity: CrmDuplicateEntity;
  group: DuplicateGroup;
  onClose: () => void;
}

/** Picks the record that stays, then per field which record's value it keeps. */
function MergeDialog({ entity, group, onClose }: MergeDialogProps) {
  const [first, second] = group.records;
  const [survivorId, setSurvivorId] = useState(first?.id ?? '');
  const survivor = group.records.find((record) => record.id === survivorId) ?? first;
  const merged =
    group.records.find((record) => record.id !== survivor?.id && record.id !== undefined) ?? second;
  const [takeFromMerged, setTakeFromMerged] = useState<string[]>(() =>
    survivor && merged ? mergeChoices(entity, survivor, merged) : [],
  );
  const merge = useMergeDuplicates(entity);
  if (!survivor || !merged) return null;

  function chooseSurvivor(id: string) {
    setSurvivorId(id);
    const nextSurvivor = group.records.find((record) => record.id === id);
    const nextMerged = group.records.find((record) => record.id !== id);
    if (nextSurvivor && nextMerged) setTakeFromMerged(mergeChoices(entity, nextSurvivor, nextMerged));
  }

  function submit() {
    if (!survivor || !merged) return;
    merge.mutate(
      { survivor_id: survivor.id, merged_id: merged.id, take_from_merged: takeFromMerged },
      {
        onSuccess: (result) => {
          const moved = Object.entries(result.moved)
            .filter(([, value]) => value > 0)
            .map(([key, value]) => movedText(key, value));
          toast({
            title: 'Records merged',
            description:
              moved.length > 0
                ? `Moved to ${survivor.label}: ${moved.join(', ')}.`
                : `${survivor.label} is kept.`,
          });
          onClose();
        },
        onError: (error) =>
          toast({ title: 'Merge failed', description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Merge duplicates"
      description={MERGE_DESCRIPTIONS[entity]}
    >
      <Stack>
        <Select
          label="Record to keep"
          value={survivor.id}
          options={group.records.slice(0, 2).map((record) => ({
            value: record.id,
            label: `${record.label} (${record.detail ? `${record.detail}, ` : ''}added ${new Date(record.created_at).toLocaleDateString()})`,
          }))}
          onValueChange={chooseSurvivor}
        />
        <DataTable caption="Value to keep for each field" columns={['Field', 'Kept record', 'Merged record']}>
          {MERGE_FIELDS[entity].map((field) => {
            const fromMerged = takeFromMerged.includes(field.key);
            const name = `merge-${field.key}`;
            const choose = (takeMerged: boolean) =>
              setTakeFromMerged((current) =>
                takeMerged
                  ? [...current.filter((key) => key !== field.key), field.key]
                  : current.filter((key) => key !== field.key),
              );
            return (
              <tr key={field.key}>
                <th scope="row">{field.label}</th>
                <td>
                  <label>
                    <input type="radio" name={name} checked={!fromMerged} onChange={() => choose(false)} />{' '}
                    <span>{survivor.values[field.key] ?? '(empty)'}</span>
                  </label>
                </td>
                <td>
                  <label>
                    <input type="radio" name={name} checked={fromMerged} onChange={() => choose(true)} />{' '}
                    <span>{merged.values[field.key] ?? '(empty)'}</span>
                  </label>
                </td>
              </tr>
            );
          })}
        </DataTable>
        <Actions>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={merge.isPending}>
            Merge records
          </Button>
        </Actions>
      </Stack>
    </Dialog>
  );
}

function DuplicateGroups({ entity }: { entity: CrmDuplicateEntity }) {
  const duplicates = useDuplicates(entity);
  const canWrite = useCrmCanWrite();
  const [open, setOpen] = useState<DuplicateGroup | null>(null);
  return (
    <>
      <QueryCard
        title={`Possible duplicate ${CRM_IMPORT_ENTITY_LABELS[entity].toLowerCase()}`}
        description={DUPLICATE_CRITERIA[entity]}
        query={duplicates}
        loadingLabel="Loading duplicates"
        errorTitle="Failed to load duplicates"
        empty={<p>No duplicates found.</p>}
      >
        {(groups) => (
          <DataTable
            caption={`Possible duplicate ${CRM_IMPORT_ENTITY_LABELS[entity].toLowerCase()}`}
            columns={['Why', 'Shared', 'Records', 'Action']}
          >
            {groups.map((group) => (
              <tr key={`${group.reason}-${group.key}`}>
                <td>{DUPLICATE_REASONS[entity][group.reason] ?? group.reason}</td>
                <td>{group.key}</td>
                <td>
                  {group.records
                    .map((record) => `${record.label}${record.detail ? ` · ${record.detail}` : ''}`)
                    .join('; ')}
                </td>
                <td>
                  <Button
                    size="sm"
                    disabled={!canWrite}
                    onClick={() => setOpen(group)}
                    aria-label={`Merge duplicates ${group.key}`}
                  >
                    Merge
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryCard>
      {open ? (
        <MergeDialog
          key={`${open.reason}-${open.key}`}
          entity={entity}
          group={open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

/** /modules/crm/duplicates: possible duplicates per entity and their merge (docs/product/crm-imports.md#duplicates). */
export function CrmDuplicates() {
  const [searchParams] = useSearchParams();
  const [entity, setEntity] = useState<CrmDuplicateEntity>(
    () => CRM_DUPLICATE_ENTITIES.find((value) => value === searchParams.get('entity')) ?? 'contacts',
  );
  return (
    <Stack>
      <Select
        label="Show duplicates of"
        value={entity}
        options={CRM_DUPLICATE_ENTITIES.map((value) => ({ value, label: CRM_IMPORT_ENTITY_LABELS[value] }))}
        onValueChange={(value) => setEntity(value as CrmDuplicateEntity)}
      />
      <DuplicateGroups key={entity} entity={entity} />
    </Stack>
  );
}
