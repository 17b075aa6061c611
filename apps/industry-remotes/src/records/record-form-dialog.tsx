import { isApiError, isConflict } from '@tessera/data-access/client';
import {
  type RecordItem,
  type RecordSchema,
  RECORD_ERROR_KEY,
  validateFieldValue,
  validateRecord,
} from '@tessera/data-access/contracts';
import { useCreateRecord, useLoadLatestRecord, useUpdateRecord } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, toast } from '@tessera/ui';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { RecordFieldInput } from './record-field-input';
import { DerivedFieldOutput } from './derived-field-output';
import { useReferencedValues } from './use-referenced-values';
import {
  changedValues,
  derivedPreview,
  fieldErrorsFrom,
  type FormValues,
  formInput,
  initialFormValues,
  typedValues,
} from './record-form-values';

const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.destructive};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.destructive};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface RecordFormDialogProps {
  schema: RecordSchema;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record to edit; without it the form creates one. */
  record?: RecordItem;
  onSaved?: (record: RecordItem) => void;
}

/**
 * Create and edit. The contract's validateRecord runs first, so the user sees the very messages
 * the API would answer with; the API's own 400 field errors (and 409 on a stale edit) are shown
 * the same way if it still refuses.
 */
export function RecordFormDialog({ schema, open, onOpenChange, record, onSaved }: RecordFormDialogProps) {
  const ref = { moduleId: schema.moduleId, submoduleId: schema.submoduleId };
  const create = useCreateRecord(ref);
  const update = useUpdateRecord(ref);
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => initialFormValues(schema, record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // After a 409 the user may load the version someone else saved and edit on top of it.
  const [latest, setLatest] = useState<RecordItem | null>(null);
  const [conflict, setConflict] = useState(false);
  const loadLatestRecord = useLoadLatestRecord(ref);
  const base = latest ?? record;
  const saving = create.isPending || update.isPending;
  const entity = schema.entityName;
  const references = useReferencedValues(schema, values);
  const referencesKey = JSON.stringify(references);
  // biome-ignore lint/correctness/useExhaustiveDependencies: references change with their content (referencesKey)
  const preview = useMemo(
    () => derivedPreview(schema, values, references, base?.data),
    [schema, values, referencesKey, base],
  );

  // A fresh form each time it opens (or opens on another record).
  useEffect(() => {
    if (!open) return;
    setValues(initialFormValues(schema, record));
    setErrors({});
    setFormError(null);
    setLatest(null);
    setConflict(false);
  }, [open, schema, record]);

  async function loadLatest() {
    if (!record) return;
    try {
      const fresh = await loadLatestRecord(record.id);
      setLatest(fresh);
      setValues(initialFormValues(schema, fresh));
      setErrors({});
      setConflict(false);
      setFormError(null);
    } catch (error) {
      setFormError((error as Error).message);
    }
  }

  // Stable: the Dialog re-runs its focus effect whenever this changes, and focus moves fire blur.
  const requestOpenChange = useCallback(
    (next: boolean) => {
      if (!saving) onOpenChange(next);
    },
    [saving, onOpenChange],
  );

  const fieldId = (key: string) => `${formId}-${key}`;

  function focusFirstError(keys: string[]) {
    const first = schema.fields.find((field) => keys.includes(field.key));
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first.key))?.focus());
  }

  function showRefusal(error: Error) {
    if (isApiError(error) && error.status === 400 && error.errors) {
      const fieldErrors = fieldErrorsFrom(error.errors);
      setErrors(fieldErrors);
      setFormError(fieldErrors[RECORD_ERROR_KEY] ?? `Check the highlighted fields.`);
      focusFirstError(Object.keys(fieldErrors));
      return;
    }
    setFormError(error.message);
    if (isConflict(error)) setConflict(true);
    toast({ title: `${entity} not saved`, description: error.message, variant: 'destructive' });
  }

  /**
   * A field's message goes as soon as its value changes. Left until the blur, it would vanish on the mouse-down of the
   * next click and move the buttons below it, so a click on Create landed on nothing.
   */
  function changeField(key: string, value: string | boolean) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  }

  function onBlurField(key: string) {
    const field = schema.fields.find((candidate) => candidate.key === key);
    const raw = formInput(schema, values)[key];
    if (!field) return;
    // Inline feedback once the user leaves a field: only format problems, not "required" yet.
    if (raw === null || raw === undefined || raw === '') return;
    const result = validateFieldValue(field, raw);
    const message = result.ok ? undefined : result.message;
    setErrors((current) => {
      if (current[key] === message) return current;
      const { [key]: _dropped, ...rest } = current;
      return message ? { ...rest, [key]: message } : rest;
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateRecord(schema, formInput(schema, values));
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(`Check the highlighted fields.`);
      focusFirstError(Object.keys(result.errors));
      return;
    }
    setErrors({});
    setFormError(null);
    const typed = typedValues(schema, result.value);
    if (!base) {
      create.mutate(typed, {
        onSuccess: (created) => {
          toast({ title: `${entity} created`, description: created.title });
          onOpenChange(false);
          onSaved?.(created);
        },
        onError: showRefusal,
      });
      return;
    }
    const data = changedValues(base, typed);
    if (Object.keys(data).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: base.id, data, version: base.version },
      {
        onSuccess: (saved) => {
          toast({ title: `${entity} saved`, description: saved.title });
          onOpenChange(false);
          onSaved?.(saved);
        },
        onError: showRefusal,
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={requestOpenChange}
      title={record ? `Edit ${entity}` : `New ${entity}`}
      description={record ? record.title : schema.description}
    >
      <form noValidate onSubmit={onSubmit} aria-label={record ? `Edit ${entity}` : `New ${entity}`}>
        {formError ? (
          <Alert role="alert">
            {formError}
            {conflict ? (
              <>
                {' '}
                <Button size="sm" variant="secondary" onClick={() => void loadLatest()}>
                  Load the latest version
                </Button>
              </>
            ) : null}
          </Alert>
        ) : null}
        {schema.fields.map((field) =>
          field.derived ? (
            <DerivedFieldOutput
              key={field.key}
              schema={schema}
              field={field}
              id={fieldId(field.key)}
              value={preview[field.key] ?? null}
              error={errors[field.key]}
            />
          ) : (
            <RecordFieldInput
              key={field.key}
              field={field}
              id={fieldId(field.key)}
              value={values[field.key] ?? ''}
              error={errors[field.key]}
              onChange={(value) => changeField(field.key, value)}
              onBlur={() => onBlurField(field.key)}
            />
          ),
        )}
        <Actions $spaced>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : record ? 'Save changes' : `Create ${entity}`}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
