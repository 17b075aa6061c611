import { useActivities, useContact } from '@tessera/data-access/hooks';
import { contactScore, timeAgo } from '@tessera/data-access/contracts';
import { Avatar, Badge, Button, EmptyState, Spinner } from '@tessera/ui';
import styled from 'styled-components';

const Panel = styled.aside`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(5)};
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  h4 { margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; }
`;

const Top = styled.div`
  display: flex;
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
            <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close contact details">
              ✕
            </Button>
          </Top>
          <Facts>
            <dt>Status</dt>
            <dd>{person.status}</dd>
            <dt>Title</dt>
            <dd>{person.title || '—'}</dd>
            <dt>Company</dt>
            <dd>{person.company || '—'}</dd>
            <dt>Email</dt>
            <dd>{person.email || '—'}</dd>
            <dt>Phone</dt>
            <dd>{person.phone || '—'}</dd>
            <dt>Source</dt>
            <dd>{person.lead_source ? person.lead_source.replaceAll('_', ' ') : 'Unknown'}</dd>
            <dt>Tags</dt>
            <dd>{person.tags.length ? person.tags.join(', ') : '—'}</dd>
          </Facts>
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
                  {activity.subject}
                  <small>
                    {activity.type.replaceAll('_', ' ')} · {activity.status} ·{' '}
                    {timeAgo(activity.created_at, now)}
                  </small>
                </li>
              ))}
            </List>
          )}
        </>
      )}
    </Panel>
  );
}
