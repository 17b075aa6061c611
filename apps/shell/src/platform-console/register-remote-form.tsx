import { MODULE_CATEGORIES, type ModuleCategory } from '@tessera/data-access/contracts';
import { isApiError } from '@tessera/data-access/client';
import { useRegisterRemote } from '@tessera/data-access/hooks';
import { Button, ErrorText, FieldError, FormGrid, Select, TextField, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
import {
  emptyModule,
  emptyRegistration,
  emptySubmodule,
  formFields,
  messagesByField,
  type ModuleForm,
  previewModule,
  type RegistrationForm,
  registrationInput,
  type SubmoduleForm,
  submoduleField,
} from './registration-input';

const ModuleGroup = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(3)} 0;
  min-width: 0;
  legend { font-weight: 600; padding: 0 ${({ theme }) => theme.space(1)}; }
  code { overflow-wrap: anywhere; }
`;

const SubmoduleRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
  @media (max-width: 640px) { grid-template-columns: minmax(0, 1fr); }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

/**
 * A remote and its modules, each with its submodules; ids left blank are derived from the names,
 * and each module shows the routes the registry will give it. The API's messages appear under the
 * field they are about.
 */
export function RegisterRemoteForm() {
  const register = useRegisterRemote();
  const [form, setForm] = useState<RegistrationForm>(emptyRegistration);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const input = registrationInput(form);

  const setModule = (index: number, change: (module: ModuleForm) => ModuleForm) =>
    setForm((current) => ({
      ...current,
      modules: current.modules.map((module, at) => (at === index ? change(module) : module)),
    }));
  const setSubmodule = (index: number, subIndex: number, change: Partial<SubmoduleForm>) =>
    setModule(index, (module) => ({
      ...module,
      submodules: module.submodules.map((sub, at) => (at === subIndex ? { ...sub, ...change } : sub)),
    }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    register.mutate(input, {
      onSuccess: (remote) => {
        toast({
          title: 'Remote registered',
          description: `${remote.name} (${remote.modules.length} modules): its build must be named ${remote.container}.`,
        });
        setForm(emptyRegistration());
      },
      onError: (error) => {
        const byField = isApiError(error) ? messagesByField(error.errors, formFields(form)) : {};
        setErrors(
          Object.keys(byField).length > 0
            ? byField
            : { form: errorMessage(error, 'Failed to register the remote.') },
        );
      },
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Register a remote">
      <FormGrid>
        <TextField
          label="Remote key"
          value={form.key}
          onValueChange={(key) => setForm((current) => ({ ...current, key }))}
          placeholder="billing"
          error={errors.key}
          required
        />
        <TextField
          label="Remote name"
          value={form.name}
          onValueChange={(name) => setForm((current) => ({ ...current, name }))}
          placeholder="Billing"
          error={errors.name}
          required
        />
      </FormGrid>
      {form.modules.map((module, index) => {
        const label = `Module ${index + 1}`;
        const sent = input.modules[index];
        const preview = sent ? previewModule(sent, input.key) : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until registered; they are edited in place
          <ModuleGroup key={index}>
            <legend>{label}</legend>
            <FormGrid>
              <TextField
                label="Module id"
                value={module.id}
                onValueChange={(id) => setModule(index, (current) => ({ ...current, id }))}
                placeholder={sent?.id || (index === 0 ? 'the remote key' : 'from the name')}
                error={errors[`modules.${index}.id`]}
              />
              <TextField
                label="Module name"
                value={module.name}
                onValueChange={(name) => setModule(index, (current) => ({ ...current, name }))}
                placeholder={index === 0 ? 'the remote name' : 'Reports'}
                error={errors[`modules.${index}.name`]}
                required={index > 0}
              />
              <div>
                <Select
                  label="Module category"
                  value={module.category}
                  options={MODULE_CATEGORIES.map((category) => ({ value: category, label: category }))}
                  onValueChange={(value) =>
                    setModule(index, (current) => ({ ...current, category: value as ModuleCategory }))
                  }
                />
                <FieldError
                  id={`module-${index}-category-error`}
                  error={errors[`modules.${index}.category`]}
                />
              </div>
            </FormGrid>
            {preview?.id ? (
              <p>
                Route: <code>{preview.route}</code>
              </p>
            ) : null}
            {module.submodules.map((sub, subIndex) => {
              const field = submoduleField(form, index, subIndex);
              const rowLabel = `Submodule ${subIndex + 1}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <SubmoduleRow key={subIndex}>
                  <TextField
                    label={`${rowLabel} name`}
                    value={sub.name}
                    onValueChange={(name) => setSubmodule(index, subIndex, { name })}
                    placeholder="Invoices"
                    error={field ? errors[`${field}.name`] : undefined}
                  />
                  <TextField
                    label={`${rowLabel} id`}
                    value={sub.id}
                    onValueChange={(id) => setSubmodule(index, subIndex, { id })}
                    placeholder="from the name"
                    error={field ? errors[`${field}.id`] : undefined}
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove submodule ${subIndex + 1} of module ${index + 1}`}
                    onClick={() =>
                      setModule(index, (current) => ({
                        ...current,
                        submodules: current.submodules.filter((_, at) => at !== subIndex),
                      }))
                    }
                  >
                    Remove
                  </Button>
                </SubmoduleRow>
              );
            })}
            {preview && preview.submodules.length > 0 ? (
              <p>
                Submodule routes:{' '}
                {preview.submodules.map((entry, at) => (
                  <span key={entry.id}>
                    {at > 0 ? ', ' : ''}
                    <code>{entry.route}</code>
                  </span>
                ))}
              </p>
            ) : null}
            <Actions>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() =>
                  setModule(index, (current) => ({
                    ...current,
                    submodules: [...current.submodules, emptySubmodule()],
                  }))
                }
              >
                Add a submodule to module {index + 1}
              </Button>
              {form.modules.length > 1 ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    setForm((current) => ({
                      ...current,
                      modules: current.modules.filter((_, at) => at !== index),
                    }))
                  }
                >
                  Remove module {index + 1}
                </Button>
              ) : null}
            </Actions>
          </ModuleGroup>
        );
      })}
      {errors.form ? <ErrorText role="alert">{errors.form}</ErrorText> : null}
      <Actions>
        <Button
          type="button"
          variant="secondary"
          onClick={() => setForm((current) => ({ ...current, modules: [...current.modules, emptyModule()] }))}
        >
          Add another module
        </Button>
        <Button type="submit" disabled={register.isPending}>
          Register remote
        </Button>
      </Actions>
    </form>
  );
}
