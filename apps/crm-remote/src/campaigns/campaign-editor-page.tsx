import { isApiError } from '@tessera/data-access/client';
import {
  CAMPAIGN_PREVIEW_PERSON,
  CONTACT_LEAD_SOURCES,
  CONTACT_STATUSES,
  CRM_MERGE_FIELDS,
  type EmailCampaign,
  renderCampaignMessage,
  sourceLabel,
} from '@tessera/data-access/contracts';
import {
  useAudienceCount,
  useCampaign,
  useCreateCampaign,
  useScheduleCampaign,
  useSendCampaign,
  useSendCampaignTest,
  useUpdateCampaign,
} from '@tessera/data-access/hooks';
import {
  Actions,
  Button,
  Card,
  EmptyState,
  ErrorText,
  FieldError,
  FieldRow,
  focusRing,
  Input,
  Label,
  Spinner,
  Textarea,
  toast,
  AutoColumns,
} from '@tessera/ui';
import { type FormEvent, useDeferredValue, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { READ_ONLY_NOTE, useCrmCanWrite } from '../shared/use-crm-can-write';
import {
  audienceFromDraft,
  type CampaignDraft,
  type CampaignDraftErrors,
  draftErrorsFrom,
  draftFromCampaign,
  emptyCampaignDraft,
  inputFromDraft,
  recipientsText,
  scheduleProblem,
  sendAtFromLocal,
  validateCampaignDraft,
  validateForSending,
} from './campaign-draft';

const Layout = styled(AutoColumns)`
  align-items: start;
`;

const Section = styled(Card)`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  min-width: 0;
  gap: ${({ theme }) => theme.space(3)};
  input:not([type='checkbox']), textarea { width: 100%; box-sizing: border-box; }
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Checks = styled.fieldset`
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

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Count = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: 700;
`;

const Frame = styled.iframe`
  width: 100%;
  min-height: 260px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
`;

const capitalised = (value: string) => {
  const text = sourceLabel(value);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * /modules/crm/campaigns/new and /modules/crm/campaigns/:campaignId/edit: the campaign editor. Only
 * a draft is edited (the API refuses others); a scheduled campaign's schedule is cancelled first.
 */
export function CampaignEditorPage({ basePath }: { basePath: string }) {
  const { campaignId } = useParams();
  const existing = useCampaign(campaignId ?? '');
  const crumbs = [{ label: 'Email Campaigns', to: `${basePath}/campaigns` }];
  if (campaignId && existing.isLoading) return <Spinner block label="Loading campaign" />;
  if (campaignId && !existing.data)
    return (
      <CrmPageFrame basePath={basePath} title="Edit Campaign" crumbs={crumbs}>
        <EmptyState title="Campaign not found" />
      </CrmPageFrame>
    );
  if (existing.data && existing.data.status !== 'draft')
    return (
      <CrmPageFrame basePath={basePath} title={existing.data.name} crumbs={crumbs}>
        <EmptyState
          title="Only a draft can be edited"
          description={
            existing.data.status === 'scheduled'
              ? 'Cancel the schedule on the campaign’s page to edit it.'
              : 'This campaign has already been sent.'
          }
        />
        <Link to={`${basePath}/campaigns/${existing.data.id}`}>Open the campaign</Link>
      </CrmPageFrame>
    );
  return <CampaignEditor key={campaignId ?? 'new'} basePath={basePath} campaign={existing.data} />;
}

function CampaignEditor({ basePath, campaign }: { basePath: string; campaign?: EmailCampaign }) {
  const navigate = useNavigate();
  const canWrite = useCrmCanWrite();
  const ids = useId();
  const body = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<CampaignDraft>(() =>
    campaign ? draftFromCampaign(campaign) : emptyCampaignDraft(),
  );
  const [savedId, setSavedId] = useState<string | null>(campaign?.id ?? null);
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<CampaignDraftErrors>({});
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const sendTest = useSendCampaignTest();
  const send = useSendCampaign();
  const schedule = useScheduleCampaign();
  const busy =
    create.isPending || update.isPending || sendTest.isPending || send.isPending || schedule.isPending;

  // The count follows the audience as it is chosen, without a request per keystroke of a tag.
  const audience = useDeferredValue(audienceFromDraft(draft));
  const count = useAudienceCount(audience);
  const preview = renderCampaignMessage(
    { subject: draft.subject, body: draft.body },
    CAMPAIGN_PREVIEW_PERSON,
  );
  const crumbs = [{ label: 'Email Campaigns', to: `${basePath}/campaigns` }];

  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const toggle = (key: 'statuses' | 'leadSources', value: string, on: boolean) =>
    setDraft((current) => ({
      ...current,
      [key]: on
        ? [...(current[key] as string[]), value]
        : (current[key] as string[]).filter((entry) => entry !== value),
    }));

  /** Saves the draft (creating it the first time); the campaign's id, or null when refused. */
  async function save(forSending: boolean, extra: CampaignDraftErrors = {}): Promise<string | null> {
    const found = { ...(forSending ? validateForSending(draft) : validateCampaignDraft(draft)), ...extra };
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    try {
      const input = inputFromDraft(draft);
      const saved = savedId
        ? await update.mutateAsync({ id: savedId, changes: input })
        : await create.mutateAsync(input);
      if (!savedId) {
        setSavedId(saved.id);
        navigate(`${basePath}/campaigns/${saved.id}/edit`, { replace: true });
      }
      return saved.id;
    } catch (error) {
      failed(error, 'Failed to save campaign');
      return null;
    }
  }

  function failed(error: unknown, fallback: string) {
    const fromServer = isApiError(error) && error.status === 400 ? draftErrorsFrom(error.errors) : {};
    if (Object.keys(fromServer).length === 0)
      fromServer.form = isApiError(error) && error.status === 409 ? error.message : fallback;
    setErrors(fromServer);
  }

  async function saveDraft(event: FormEvent) {
    event.preventDefault();
    if (await save(false)) toast({ title: 'Campaign saved', description: draft.name.trim() });
  }

  async function testSend() {
    const id = await save(true);
    if (!id) return;
    try {
      const sent = await sendTest.mutateAsync(id);
      toast({ title: 'Test email sent', description: `Sent to ${sent.to}` });
    } catch (error) {
      failed(error, 'Failed to send the test email');
    }
  }

  async function sendNow() {
    const id = await save(true);
    if (!id) return;
    try {
      await send.mutateAsync(id);
      toast({ title: 'Campaign is being sent', description: draft.name.trim() });
      navigate(`${basePath}/campaigns/${id}`);
    } catch (error) {
      failed(error, 'Failed to send campaign');
    }
  }

  async function scheduleSend() {
    const problem = scheduleProblem(sendAt, new Date());
    const id = await save(true, problem ? { send_at: problem } : {});
    const at = sendAtFromLocal(sendAt);
    if (!id || !at) return;
    try {
      await schedule.mutateAsync({ id, input: { send_at: at } });
      toast({ title: 'Campaign scheduled', description: `Sends ${new Date(at).toLocaleString()}` });
      navigate(`${basePath}/campaigns/${id}`);
    } catch (error) {
      failed(error, 'Failed to schedule campaign');
    }
  }

  /** Puts a merge field where the caret is in the message, and the caret after it. */
  function insertField(name: string) {
    const field = `{{${name}}}`;
    const box = body.current;
    const start = box?.selectionStart ?? draft.body.length;
    const end = box?.selectionEnd ?? draft.body.length;
    set('body', `${draft.body.slice(0, start)}${field}${draft.body.slice(end)}`);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + field.length, start + field.length);
    });
  }

  const describedBy = (name: keyof CampaignDraftErrors, hint?: string) =>
    [errors[name] ? `${ids}-${name}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const error = (name: keyof CampaignDraftErrors) => (
    <FieldError id={`${ids}-${name}-error`} error={errors[name]} />
  );

  return (
    <CrmPageFrame basePath={basePath} title={savedId ? 'Edit Campaign' : 'New Campaign'} crumbs={crumbs}>
      {canWrite ? null : <Hint>{READ_ONLY_NOTE}</Hint>}
      <form noValidate onSubmit={saveDraft} aria-label="Campaign">
        <Layout $min="320px" $gap={5}>
          <Section as="section" aria-labelledby={`${ids}-message`}>
            <h2 id={`${ids}-message`}>Content</h2>
            <FieldRow>
              <Label htmlFor={`${ids}-name`}>Name</Label>
              <Input
                id={`${ids}-name`}
                value={draft.name}
                onChange={(event) => set('name', event.target.value)}
                aria-invalid={Boolean(errors.name)}
                aria-describedby={describedBy('name')}
              />
              {error('name')}
            </FieldRow>
            <FieldRow>
              <Label htmlFor={`${ids}-subject`}>Subject</Label>
              <Input
                id={`${ids}-subject`}
                value={draft.subject}
                onChange={(event) => set('subject', event.target.value)}
                aria-invalid={Boolean(errors.subject)}
                aria-describedby={describedBy('subject')}
              />
              {error('subject')}
            </FieldRow>
            <FieldRow>
              <Label htmlFor={`${ids}-body`}>Message</Label>
              <Textarea
                ref={body}
                id={`${ids}-body`}
                $minHeight="200px"
                value={draft.body}
                onChange={(event) => set('body', event.target.value)}
                aria-invalid={Boolean(errors.body)}
                aria-describedby={describedBy('body', `${ids}-fields`)}
              />
              <Hint id={`${ids}-fields`}>
                Merge fields are filled for each recipient:{' '}
                {CRM_MERGE_FIELDS.map((name) => `{{${name}}}`).join(', ')}.
              </Hint>
              <Actions role="group" aria-label="Merge fields">
                {CRM_MERGE_FIELDS.map((name) => (
                  <Button
                    key={name}
                    size="sm"
                    variant="secondary"
                    aria-label={`Insert {{${name}}} into the message`}
                    onClick={() => insertField(name)}
                  >
                    {`{{${name}}}`}
                  </Button>
                ))}
              </Actions>
              {error('body')}
            </FieldRow>
          </Section>

          <Section as="section" aria-labelledby={`${ids}-preview`}>
            <h2 id={`${ids}-preview`}>Preview</h2>
            <Hint>
              As {CAMPAIGN_PREVIEW_PERSON.first_name} {CAMPAIGN_PREVIEW_PERSON.last_name} of{' '}
              {CAMPAIGN_PREVIEW_PERSON.company} reads it.
            </Hint>
            <p>
              <strong>Subject:</strong> <span data-testid="preview-subject">{preview.subject || '—'}</span>
            </p>
            <Frame title="Preview of the message" sandbox="" srcDoc={preview.html} />
          </Section>

          <Section as="section" aria-labelledby={`${ids}-audience`}>
            <h2 id={`${ids}-audience`}>Audience</h2>
            <Hint>
              Contacts with any of the chosen statuses and sources, carrying every tag. Nothing chosen means
              every contact with an e-mail.
            </Hint>
            <Checks aria-describedby={describedBy('statuses')}>
              <legend>Status</legend>
              {CONTACT_STATUSES.map((status) => (
                <label key={status}>
                  <input
                    type="checkbox"
                    checked={draft.statuses.includes(status)}
                    onChange={(event) => toggle('statuses', status, event.target.checked)}
                  />
                  {capitalised(status)}
                </label>
              ))}
            </Checks>
            {error('statuses')}
            <Checks aria-describedby={describedBy('leadSources')}>
              <legend>Source</legend>
              {CONTACT_LEAD_SOURCES.map((source) => (
                <label key={source}>
                  <input
                    type="checkbox"
                    checked={draft.leadSources.includes(source)}
                    onChange={(event) => toggle('leadSources', source, event.target.checked)}
                  />
                  {capitalised(source)}
                </label>
              ))}
            </Checks>
            {error('leadSources')}
            <FieldRow>
              <Label htmlFor={`${ids}-tags`}>Tags</Label>
              <Input
                id={`${ids}-tags`}
                value={draft.tags}
                placeholder="vip, newsletter"
                onChange={(event) => set('tags', event.target.value)}
                aria-invalid={Boolean(errors.tags)}
                aria-describedby={describedBy('tags', `${ids}-tags-hint`)}
              />
              <Hint id={`${ids}-tags-hint`}>Separate tags with commas.</Hint>
              {error('tags')}
            </FieldRow>
            <div role="status" aria-live="polite" aria-label="Recipients">
              {count.isError ? (
                <Hint>The recipients could not be counted.</Hint>
              ) : count.data ? (
                <>
                  <Count>{recipientsText(count.data.recipients)}</Count>
                  <Hint>Contacts with a valid address who have not unsubscribed, one per address.</Hint>
                </>
              ) : (
                <Hint>Counting recipients…</Hint>
              )}
            </div>
          </Section>

          <Section as="section" aria-labelledby={`${ids}-send`}>
            <h2 id={`${ids}-send`}>Send</h2>
            {errors.form ? <ErrorText role="alert">{errors.form}</ErrorText> : null}
            <Actions>
              <Button type="submit" variant="secondary" disabled={!canWrite || busy}>
                {create.isPending || update.isPending ? 'Saving…' : 'Save Draft'}
              </Button>
              <Button variant="secondary" disabled={!canWrite || busy} onClick={testSend}>
                {sendTest.isPending ? 'Sending test…' : 'Send Test'}
              </Button>
              <Button disabled={!canWrite || busy} onClick={sendNow}>
                {send.isPending ? 'Sending…' : 'Send Now'}
              </Button>
            </Actions>
            <Hint>Send Test e-mails the campaign to you only; it is not counted.</Hint>
            <FieldRow>
              <Label htmlFor={`${ids}-send-at`}>Send at</Label>
              <Input
                id={`${ids}-send-at`}
                type="datetime-local"
                value={sendAt}
                onChange={(event) => setSendAt(event.target.value)}
                aria-invalid={Boolean(errors.send_at)}
                aria-describedby={describedBy('send_at')}
              />
              {error('send_at')}
            </FieldRow>
            <Actions>
              <Button variant="secondary" disabled={!canWrite || busy} onClick={scheduleSend}>
                {schedule.isPending ? 'Scheduling…' : 'Schedule'}
              </Button>
            </Actions>
          </Section>
        </Layout>
      </form>
    </CrmPageFrame>
  );
}
