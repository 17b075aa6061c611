import { useActivities, useContact, useUpdateContactTags } from '@tessera/data-access/hooks';
import { type ContactWithCustomFields, contactScore } from '@tessera/data-access/contracts';
import { Avatar, Badge, Button, EmptyState, ErrorText, Input, Label, Spinner, toast } from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CRM_BASE_PATH } from '../shared/lead-format';
import { ActivitySummary } from '../shared/activity-summary';
import { EmailThreads } from '../shared/email-threads';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { useOwnerName } from '../shared/use-owner-name';
import { ContactEditDialog } from './contact-edit-dialog';

const TAG = /^[\w:.-]{1,60}$/;

const TagList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  li { display: inline-flex; align-items: center; gap: 2px; }
`;

const TagForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: end;
  margin-top: 6px;
  > div { flex: 1 1 160px; min-width: 0; }
`;

/** Tags added and removed (docs/product/contacts.md#tags): the whole list is saved each time. */
function TagsEditor({ contact, canWrite }: { contact: ContactWithCustomFields; canWrite: boolean }) {
  const save = useUpdateContactTags();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function write(tags: string[], done: string) {
    try {
      await save.mutateAsync({ id: contact.id, tags });
      toast({ title: done });
    } catch {
      toast({ title: 'Failed to save the tags', variant: 'destructive' });
    }
  }
  async function add(event: FormEvent) {
    event.preventDefault();
    const tag = draft.trim();
    if (!TAG.test(tag)) {
      setError('A tag is 1–60 letters, digits, _ : . or -');
      return;
    }
    setError(null);
    if (!contact.tags.includes(tag)) await write([...contact.tags, tag], `Tag ${tag} added`);
    setDraft('');
  }
  return (
    <>
      {contact.tags.length === 0 ? <p>No tags</p> : null}
      <TagList aria-label="Tags">
        {contact.tags.map((tag) => (
          <li key={tag}>
            <Badge $tone="neutral">{tag}</Badge>
            {canWrite ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove tag ${tag}`}
                disabled={save.isPending}
                onClick={() =>
                  void write(
                    contact.tags.filter((t) => t !== tag),
                    `Tag ${tag} removed`,
                  )
                }
              >
                ✕
              </Button>
            ) : null}
          </li>
        ))}
      </TagList>
      {canWrite ? (
        <TagForm onSubmit={add} noValidate aria-label="Add a tag">
          <div>
            <Label htmlFor={`${id}-tag`}>New tag</Label>
            <Input
              id={`${id}-tag`}
              value={draft}
              aria-invalid={Boolean(error)}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            Add tag
          </Button>
        </TagForm>
      ) : null}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </>
  );
}

const Panel = styled.aside`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(5)};
  /* A grid column of the contacts list: long addresses, names and tags wrap inside it, never widen it. */
  min-width: 0;
  overflow-wrap: anywhere;
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  h4 { margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: space-between;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 12px;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 6px 0; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; display: block; }
`;

/** The selected contact: its fields, custom fields and activities. */
export function ContactDetail({
  contactId,
  onClose,
  now,
}: {
  contactId: string;
  onClose: () => void;
  now: Date;
}) {
  const contact = useContact(contactId);
  const activities = useActivities({ contact_id: contactId, limit: 20 });
  const canWrite = useCrmCanWrite();
  const ownerName = useOwnerName();
  const [editing, setEditing] = useState(false);
  const person = contact.data;
  return (
    <Panel aria-label="Contact details">
      {contact.isPending ? (
        <Spinner label="Loading contact" block />
      ) : !person ? (
        <EmptyState title="Contact not found" action={<Button onClick={onClose}>Close</Button>} />
      ) : (
        <>
          <Top>
            <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              <Avatar
                name={`${person.first_name} ${person.last_name}`}
                initials={`${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase()}
                size={48}
              />
              <div>
                <h3>
                  {person.first_name} {person.last_name}
                </h3>
                <Badge $tone="primary">Score {contactScore(person)}</Badge>
              </div>
            </div>
            <div style={{ display: 'flex', gap: 6 }}>
              {canWrite ? (
                <Button size="sm" onClick={() => setEditing(true)}>
                  Edit Contact
                </Button>
              ) : null}
              <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close contact details">
                ✕
              </Button>
            </div>
          </Top>
          {canWrite ? <ContactEditDialog contact={person} open={editing} onOpenChange={setEditing} /> : null}
          <Facts>
            <dt>Status</dt>
            <dd>{person.status}</dd>
            <dt>Title</dt>
            <dd>{person.title || '—'}</dd>
            <dt>Company</dt>
            <dd>
              {person.company_id ? (
                <Link to={`${CRM_BASE_PATH}/companies/${person.company_id}`}>
                  {person.company || 'Company'}
                </Link>
              ) : (
                person.company || '—'
              )}
            </dd>
            <dt>Owner</dt>
            <dd>{ownerName(person.owner_id)}</dd>
            <dt>Email</dt>
            <dd>{person.email || '—'}</dd>
            <dt>Phone</dt>
            <dd>{person.phone || '—'}</dd>
            <dt>Source</dt>
            <dd>{person.lead_source ? person.lead_source.replaceAll('_', ' ') : 'Unknown'}</dd>
          </Facts>
          <h4>Tags</h4>
          <TagsEditor contact={person} canWrite={canWrite} />
          <h4>Custom fields</h4>
          {person.custom_fields.length === 0 ? (
            <p>No custom fields</p>
          ) : (
            <Facts>
              {person.custom_fields.map((field) => (
                <div key={field.id} style={{ display: 'contents' }}>
                  <dt>{field.field_name}</dt>
                  <dd>{field.field_value ?? '—'}</dd>
                </div>
              ))}
            </Facts>
          )}
          <h4>Activities</h4>
          {activities.isPending ? (
            <Spinner label="Loading activities" />
          ) : (activities.data ?? []).length === 0 ? (
            <p>No activities recorded</p>
          ) : (
            <List>
              {(activities.data ?? []).map((activity) => (
                <li key={activity.id}>
                  <ActivitySummary activity={activity} now={now} />
                </li>
              ))}
            </List>
          )}
          <EmailThreads kind="contacts" id={contactId} />
        </>
      )}
    </Panel>
  );
}
