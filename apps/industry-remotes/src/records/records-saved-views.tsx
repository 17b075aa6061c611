import { type RecordSchema, SAVED_VIEW_NAME_MAX } from '@tessera/data-access/contracts';
import { useDeleteListView, useSavedListViews, useSaveListView } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, ErrorText, Input, toast } from '@tessera/ui';
import { useId, useState } from 'react';
import { NativeSelect } from './records-styles';

export interface RecordsSavedViewsProps {
  schema: RecordSchema;
  /** The list's URL parameters now (filters, sort, columns, view). */
  currentQuery: string;
  onApply: (query: string) => void;
}

/** A person's saved views of this list: apply one, save the current list under a name, delete one. */
export function RecordsSavedViews({ schema, currentQuery, onApply }: RecordsSavedViewsProps) {
  const ref = { moduleId: schema.moduleId, submoduleId: schema.submoduleId };
  const views = useSavedListViews(ref);
  const save = useSaveListView(ref);
  const remove = useDeleteListView(ref);
  const [chosen, setChosen] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const nameId = useId();
  const list = views.data ?? [];
  const current = list.find((view) => view.id === chosen);

  return (
    <>
      <label htmlFor={selectId} style={{ display: 'grid', gap: 2, fontSize: '0.875rem' }}>
        Saved views
        <NativeSelect
          id={selectId}
          value={chosen}
          disabled={views.isPending}
          onChange={(event) => {
            setChosen(event.target.value);
            const view = list.find((candidate) => candidate.id === event.target.value);
            if (view) onApply(view.query);
          }}
        >
          <option value="">
            {views.isError ? 'Could not load views' : list.length ? 'Choose a view…' : 'No saved views'}
          </option>
          {list.map((view) => (
            <option key={view.id} value={view.id}>
              {view.name}
            </option>
          ))}
        </NativeSelect>
      </label>
      <Button size="sm" variant="secondary" onClick={() => setNaming(true)}>
        Save view
      </Button>
      {current ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete view ${current.name}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(current.id, {
              onSuccess: () => {
                setChosen('');
                toast({ title: 'View deleted', description: current.name });
              },
              onError: (failure) =>
                toast({ title: 'View not deleted', description: failure.message, variant: 'destructive' }),
            })
          }
        >
          Delete view
        </Button>
      ) : null}
      <Dialog
        open={naming}
        onOpenChange={(open) => {
          if (save.isPending) return;
          setNaming(open);
          setError(null);
        }}
        title="Save view"
        description={`Keeps this list of ${schema.entityNamePlural.toLowerCase()} — filters, sort and columns — under a name only you see.`}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) {
              setError('Name the view');
              return;
            }
            save.mutate(
              { name: name.trim(), query: currentQuery },
              {
                onSuccess: (view) => {
                  setChosen(view.id);
                  setNaming(false);
                  setName('');
                  setError(null);
                  toast({ title: 'View saved', description: view.name });
                },
                onError: (failure) => setError(failure.message),
              },
            );
          }}
        >
          <label htmlFor={nameId} style={{ display: 'grid', gap: 4, fontWeight: 600 }}>
            View name
            <Input
              id={nameId}
              value={name}
              maxLength={SAVED_VIEW_NAME_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${nameId}-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          {error ? (
            <ErrorText id={`${nameId}-error`} role="alert">
              {error}
            </ErrorText>
          ) : null}
          <Actions>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setNaming(false)}
              disabled={save.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save view'}
            </Button>
          </Actions>
        </form>
      </Dialog>
    </>
  );
}
