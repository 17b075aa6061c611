import { isApiError } from '@tessera/data-access/client';
import { COMPANY_SIZES, type Company, INDUSTRIES } from '@tessera/data-access/contracts';
import { useCreateCompany, useUpdateCompany } from '@tessera/data-access/hooks';
import { Dialog, FormGrid, SaveActions, Select, TextField, toast } from '@tessera/ui';
import type { FormEvent } from 'react';
import { useDialogForm } from '../shared/use-dialog-form';
import {
  type CompanyFormErrors,
  type CompanyFormValues,
  companyFormFromCompany,
  companyInputFromForm,
  emptyCompanyForm,
  validateCompanyForm,
} from './company-form-values';

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

type TextKey = 'name' | 'domain' | 'phone' | 'address';
const TEXT_FIELDS: Array<{ key: TextKey; label: string }> = [
  { key: 'name', label: 'Company name *' },
  { key: 'domain', label: 'Domain' },
  { key: 'phone', label: 'Phone' },
  { key: 'address', label: 'Address' },
];

/** New Company and Edit Company: the company's fields, checked here and by the API. */
export function CompanyFormDialog({
  open,
  onOpenChange,
  company,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  company?: Company;
  onSaved?: (company: Company) => void;
}) {
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const { values, setErrors, serverError, setServerError, check, bind } = useDialogForm({
    open,
    source: company,
    initial: () => (company ? companyFormFromCompany(company) : emptyCompanyForm()),
    validate: validateCompanyForm,
  });
  const title = company ? 'Edit Company' : 'New Company';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    try {
      const input = companyInputFromForm(values);
      const saved = company
        ? await update.mutateAsync({ id: company.id, changes: input })
        : await create.mutateAsync(input);
      toast({ title: company ? 'Company saved' : 'Company created', description: saved.name });
      onSaved?.(saved);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.errors) {
        const fields: CompanyFormErrors = {};
        for (const [key, messages] of Object.entries(error.errors))
          if (key in values)
            fields[key as keyof CompanyFormValues] = ([] as string[]).concat(messages).join('; ');
        setErrors(fields);
      }
      setServerError(company ? 'Failed to save the company' : 'Failed to create the company');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form noValidate onSubmit={submit} aria-label={title}>
        <FormGrid>
          {TEXT_FIELDS.map((field) => (
            <TextField key={field.key} label={field.label} {...bind.text(field.key)} />
          ))}
          <Select
            label="Industry"
            {...bind.optionalChoice('industry')}
            options={[
              { value: 'none', label: 'Not known' },
              ...INDUSTRIES.map((industry) => ({ value: industry, label: label(industry) })),
            ]}
          />
          <Select
            label="Size"
            {...bind.optionalChoice('size')}
            options={[
              { value: 'none', label: 'Not known' },
              ...COMPANY_SIZES.map((size) => ({ value: size, label: `${size} employees` })),
            ]}
          />
        </FormGrid>
        <SaveActions
          error={serverError}
          saving={create.isPending || update.isPending}
          saveLabel={company ? 'Save Company' : 'Create Company'}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
