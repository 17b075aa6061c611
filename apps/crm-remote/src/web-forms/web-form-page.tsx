import { isApiError } from '@tessera/data-access/client';
import { leadRating, type WebForm } from '@tessera/data-access/contracts';
import {
  useCreateWebForm,
  useDeleteWebForm,
  useUpdateWebForm,
  useWebForm,
  useWebFormSubmissions,
} from '@tessera/data-access/hooks';
import {
  Actions,
  AutoColumns,
  Button,
  Card,
  DataTable,
  EmptyState,
  ErrorText,
  FieldError,
  FieldRow,
  focusRing,
  Input,
  Label,
  QueryView,
  Spinner,
  Textarea,
  toast,
} from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { READ_ONLY_NOTE, useCrmCanWrite } from '../shared/use-crm-can-write';
import {
  draftErrorsFrom,
  draftFromWebForm,
  emptyWebFormDraft,
  type FieldChoice,
  iframeSnippet,
  inputFromDraft,
  scriptSnippet,
  validateWebFormDraft,
  type WebFormDraft,
  type WebFormDraftErrors,
} from './web-form-draft';

const Section = styled(Card)`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  min-width: 0;
  gap: ${({ theme }) => theme.space(3)};
  input:not([type='checkbox']):not([type='radio']), textarea { width: 100%; box-sizing: border-box; }
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Choices = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  legend { font-weight: 600; font-size: ${({ theme }) => theme.font.size.sm}; }
  label { display: inline-flex; gap: ${({ theme }) => theme.space(1)}; align-items: center; }
  input { ${focusRing} }
`;

const Check = styled.input`
  ${focusRing}
`;

const Snippet = styled(Textarea)`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** /modules/crm/forms/new and /modules/crm/forms/:formId: the form builder, its snippet and its submissions. */
export function WebFormPage({ basePath }: { basePath: string }) {
  const { formId } = useParams();
  const existing = useWebForm(formId ?? null);
  const crumbs = [{ label: 'Web Forms', to: `${basePath}/forms` }];
  if (formId && existing.isLoading) return <Spinner block label="Loading web form" />;
  if (formId && !existing.data)
    return (
      <CrmPageFrame basePath={basePath} title="Web Form" crumbs={crumbs}>
        <EmptyState title="Web form not found" />
      </CrmPageFrame>
    );
  return <WebFormBuilder key={formId ?? 'new'} basePath={basePath} form={existing.data} />;
}

function WebFormBuilder({ basePath, form }: { basePath: string; form?: WebForm }) {
  const navigate = useNavigate();
  const canWrite = useCrmCanWrite();
  const ids = useId();
  const [draft, setDraft] = useState<WebFormDraft>(() =>
    form ? draftFromWebForm(form) : emptyWebFormDraft(),
  );
  const [errors, setErrors] = useState<WebFormDraftErrors>({});
  const create = useCreateWebForm();
  const update = useUpdateWebForm();
  const remove = useDeleteWebForm();
  const crumbs = [{ label: 'Web Forms', to: `${basePath}/forms` }];
  const set = <K extends keyof WebFormDraft>(key: K, value: WebFormDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setField = (field: FieldChoice['field'], changes: Partial<FieldChoice>) =>
    setDraft((current) => ({
      ...current,
      fields: current.fields.map((choice) => (choice.field === field ? { ...choice, ...changes } : choice)),
    }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = validateWebFormDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const input = inputFromDraft(draft);
      const saved = form
        ? await update.mutateAsync({ id: form.id, changes: input })
        : await create.mutateAsync(input);
      toast({ title: 'Web form saved', description: saved.name });
      if (!form) navigate(`${basePath}/forms/${saved.id}`, { replace: true });
    } catch (error) {
      const fromServer = isApiError(error) && error.status === 400 ? draftErrorsFrom(error.errors) : {};
      setErrors(Object.keys(fromServer).length > 0 ? fromServer : { form: 'Failed to save the web form' });
    }
  }

  async function deleteForm() {
    if (
      !form ||
      !window.confirm(`Delete the web form “${form.name}”? Sites that embed it will stop showing it.`)
    )
      return;
    await remove.mutateAsync(form.id);
    toast({ title: 'Web form deleted', description: form.name });
    navigate(`${basePath}/forms`);
  }

  const describedBy = (name: keyof WebFormDraftErrors, hint?: string) =>
    [errors[name] ? `${ids}-${name}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const error = (name: keyof WebFormDraftErrors) => (
    <FieldError id={`${ids}-${name}-error`} error={errors[name]} />
  );
  const busy = create.isPending || update.isPending;

  return (
    <CrmPageFrame basePath={basePath} title={form ? form.name : 'New Form'} crumbs={crumbs}>
      {canWrite ? null : <Hint>{READ_ONLY_NOTE}</Hint>}
      <AutoColumns $min="340px" $gap={5}>
        <form noValidate onSubmit={save} aria-label="Web form">
          <Section as="section" aria-labelledby={`${ids}-build`}>
            <h2 id={`${ids}-build`}>Form</h2>
            <FieldRow>
              <Label htmlFor={`${ids}-name`}>Name</Label>
              <Input
                id={`${ids}-name`}
                value={draft.name}
                disabled={!canWrite}
                onChange={(event) => set('name', event.target.value)}
                aria-invalid={Boolean(errors.name)}
                aria-describedby={describedBy('name', `${ids}-name-hint`)}
              />
              <Hint id={`${ids}-name-hint`}>
                Leads made by this form show its name; visitors see it as the form’s title.
              </Hint>
              {error('name')}
            </FieldRow>
            <DataTable caption="Fields" columns={['Ask', 'Label', 'Required']}>
              {draft.fields.map((choice) => {
                const core =
                  choice.field === 'first_name' || choice.field === 'last_name' || choice.field === 'email';
                return (
                  <tr key={choice.field}>
                    <td>
                      <Check
                        type="checkbox"
                        aria-label={`Ask for ${choice.label || choice.field}`}
                        checked={choice.asked}
                        disabled={core || !canWrite}
                        onChange={(event) =>
                          setField(choice.field, {
                            asked: event.target.checked,
                            required: event.target.checked && choice.required,
                          })
                        }
                      />
                    </td>
                    <td>
                      <Input
                        aria-label={`Label of the ${choice.field.replace('_', ' ')} field`}
                        value={choice.label}
                        disabled={!choice.asked || !canWrite}
                        onChange={(event) => setField(choice.field, { label: event.target.value })}
                      />
                    </td>
                    <td>
                      <Check
                        type="checkbox"
                        aria-label={`${choice.label || choice.field} is required`}
                        checked={choice.required}
                        disabled={core || !choice.asked || !canWrite}
                        onChange={(event) => setField(choice.field, { required: event.target.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <Hint>
              First name, last name and e-mail are always asked and required: a lead needs a name, and e-mail
              finds a lead the visitor already is.
            </Hint>
            {errors.fields ? <ErrorText role="alert">{errors.fields}</ErrorText> : null}
            <Choices>
              <legend>After sending</legend>
              <label>
                <input
                  type="radio"
                  name={`${ids}-after`}
                  checked={draft.afterSubmit === 'message'}
                  disabled={!canWrite}
                  onChange={() => set('afterSubmit', 'message')}
                />
                Show a thank-you message
              </label>
              <label>
                <input
                  type="radio"
                  name={`${ids}-after`}
                  checked={draft.afterSubmit === 'redirect'}
                  disabled={!canWrite}
                  onChange={() => set('afterSubmit', 'redirect')}
                />
                Go to a page of my site
              </label>
            </Choices>
            {draft.afterSubmit === 'message' ? (
              <FieldRow>
                <Label htmlFor={`${ids}-thanks`}>Thank-you message</Label>
                <Textarea
                  id={`${ids}-thanks`}
                  value={draft.thankYou}
                  disabled={!canWrite}
                  onChange={(event) => set('thankYou', event.target.value)}
                />
              </FieldRow>
            ) : (
              <FieldRow>
                <Label htmlFor={`${ids}-redirect`}>Redirect address</Label>
                <Input
                  id={`${ids}-redirect`}
                  type="url"
                  placeholder="https://www.example.com/thanks"
                  value={draft.redirectUrl}
                  disabled={!canWrite}
                  onChange={(event) => set('redirectUrl', event.target.value)}
                  aria-invalid={Boolean(errors.redirectUrl)}
                  aria-describedby={describedBy('redirectUrl')}
                />
                {error('redirectUrl')}
              </FieldRow>
            )}
            <FieldRow>
              <Label htmlFor={`${ids}-consent`}>Consent text</Label>
              <Textarea
                id={`${ids}-consent`}
                value={draft.consentText}
                disabled={!canWrite}
                onChange={(event) => set('consentText', event.target.value)}
                aria-describedby={`${ids}-consent-hint`}
              />
              <Hint id={`${ids}-consent-hint`}>When set, visitors must tick it to send the form.</Hint>
            </FieldRow>
            <FieldRow>
              <Label htmlFor={`${ids}-origins`}>Sites that may embed the form</Label>
              <Textarea
                id={`${ids}-origins`}
                value={draft.origins}
                placeholder="https://www.example.com"
                disabled={!canWrite}
                onChange={(event) => set('origins', event.target.value)}
                aria-invalid={Boolean(errors.origins)}
                aria-describedby={describedBy('origins', `${ids}-origins-hint`)}
              />
              <Hint id={`${ids}-origins-hint`}>
                One site a line. Left empty, any site may embed the form.
              </Hint>
              {error('origins')}
            </FieldRow>
            {errors.form ? <ErrorText role="alert">{errors.form}</ErrorText> : null}
            <Actions>
              <Button type="submit" disabled={!canWrite || busy}>
                {busy ? 'Saving…' : 'Save Form'}
              </Button>
              {form ? (
                <Button variant="destructive" disabled={!canWrite || remove.isPending} onClick={deleteForm}>
                  Delete Form
                </Button>
              ) : null}
            </Actions>
          </Section>
        </form>
        {form ? (
          <div>
            <EmbedSnippets form={form} />
            <Submissions basePath={basePath} formId={form.id} />
          </div>
        ) : (
          <Section as="section" aria-labelledby={`${ids}-embed`}>
            <h2 id={`${ids}-embed`}>Embed</h2>
            <Hint>Save the form to get the snippet to paste into your website.</Hint>
          </Section>
        )}
      </AutoColumns>
    </CrmPageFrame>
  );
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied`, description: 'Paste it into your website’s page.' });
  } catch {
    toast({
      title: 'Copy was refused',
      description: 'Select the snippet and copy it with your keyboard.',
      variant: 'destructive',
    });
  }
}

function EmbedSnippets({ form }: { form: WebForm }) {
  const ids = useId();
  const origin = window.location.origin;
  const script = scriptSnippet(origin, form.id);
  const iframe = iframeSnippet(origin, form);
  return (
    <Section as="section" aria-labelledby={`${ids}-embed`}>
      <h2 id={`${ids}-embed`}>Embed</h2>
      <FieldRow>
        <Label htmlFor={`${ids}-script`}>Script snippet</Label>
        <Snippet
          id={`${ids}-script`}
          readOnly
          value={script}
          $minHeight="72px"
          aria-describedby={`${ids}-script-hint`}
        />
        <Hint id={`${ids}-script-hint`}>The form takes your page’s fonts and colours.</Hint>
        <Actions>
          <Button variant="secondary" onClick={() => copy(script, 'Script snippet')}>
            Copy Script Snippet
          </Button>
        </Actions>
      </FieldRow>
      <FieldRow>
        <Label htmlFor={`${ids}-iframe`}>Iframe snippet</Label>
        <Snippet
          id={`${ids}-iframe`}
          readOnly
          value={iframe}
          $minHeight="72px"
          aria-describedby={`${ids}-iframe-hint`}
        />
        <Hint id={`${ids}-iframe-hint`}>For sites that do not allow other sites’ scripts.</Hint>
        <Actions>
          <Button variant="secondary" onClick={() => copy(iframe, 'Iframe snippet')}>
            Copy Iframe Snippet
          </Button>
        </Actions>
      </FieldRow>
    </Section>
  );
}

function Submissions({ basePath, formId }: { basePath: string; formId: string }) {
  const submissions = useWebFormSubmissions(formId);
  const ids = useId();
  return (
    <Section as="section" aria-labelledby={`${ids}-submissions`}>
      <h2 id={`${ids}-submissions`}>Latest submissions</h2>
      <QueryView
        query={submissions}
        loadingLabel="Loading submissions"
        errorTitle="Failed to load submissions"
        retryLabel={null}
        empty={
          <EmptyState title="No submissions yet" description="Leads sent through this form appear here." />
        }
      >
        {(rows) => (
          <DataTable label="Latest submissions" columns={['Lead', 'E-mail', 'Score', 'Result', 'When']}>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`${basePath}/leads/${row.lead_id}`}>{row.lead_name}</Link>
                </td>
                <td>{row.lead_email}</td>
                <td>
                  {row.lead_score} ({leadRating(row.lead_score)})
                </td>
                <td>{row.outcome === 'created' ? 'New lead' : 'Updated lead'}</td>
                <td>{new Date(row.created_at).toLocaleString()}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </Section>
  );
}
