import { logError } from '@tessera/data-access/client';
import type { Deal } from '@tessera/data-access/contracts';
import { useContact, useContacts } from '@tessera/data-access/hooks';
import { Avatar, Button, EmptyState, Spinner } from '@tessera/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { initialsOf } from './activity-kind';
import { type DealLinkProps, LinkDealDialog } from './link-deal-dialog';
import { Facts, Section, SectionHead } from './deal-detail-parts';
import { useCrmCanWrite } from '../shared/use-crm-can-write';

const Person = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

function LinkContactDialog({ open, onOpenChange, deal }: DealLinkProps) {
  const contacts = useContacts(open);
  const options = (contacts.data ?? []).map((contact) => ({
    value: contact.id,
    label:
      `${contact.first_name} ${contact.last_name}`.trim() + (contact.company ? ` · ${contact.company}` : ''),
  }));
  return (
    <LinkDealDialog
      open={open}
      onOpenChange={onOpenChange}
      deal={deal}
      field="contact_id"
      noun="Contact"
      description="Pick the contact this deal is with."
      options={options}
      isLoading={contacts.isPending}
      empty={<EmptyState title="No contacts found" description="Add a contact first, then link it here." />}
    />
  );
}

/** Contact tab (docs/product/deals.md#deal-detail): the deal's contact, or its empty state with Link Contact. */
export function DealContactTab({ deal }: { deal: Deal }) {
  const canWrite = useCrmCanWrite();
  const contact = useContact(deal.contact_id);
  const [linking, setLinking] = useState(false);
  useEffect(() => {
    // docs/product/deals.md#deal-detail: a missing contact is logged only; the tab shows its empty state.
    if (contact.isError) logError('Deal contact could not be loaded', contact.error, { moduleId: 'crm' });
  }, [contact.isError, contact.error]);
  const person = contact.data;
  return (
    <Section aria-labelledby="deal-contact-heading">
      <SectionHead>
        <h3 id="deal-contact-heading">Contact</h3>
        {person ? (
          <Button variant="secondary" onClick={() => setLinking(true)}>
            Change Contact
          </Button>
        ) : null}
      </SectionHead>
      {deal.contact_id && contact.isPending ? (
        <Spinner label="Loading contact" block />
      ) : person ? (
        <Person>
          <Avatar
            name={`${person.first_name} ${person.last_name}`}
            initials={initialsOf(person.first_name, person.last_name)}
            size={56}
          />
          <div>
            <h4>
              {person.first_name} {person.last_name}
            </h4>
            <Facts>
              <dt>Title</dt>
              <dd>{person.title || '—'}</dd>
              <dt>Company</dt>
              <dd>{person.company || '—'}</dd>
              <dt>Email</dt>
              <dd>{person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : '—'}</dd>
              <dt>Phone</dt>
              <dd>{person.phone ? <a href={`tel:${person.phone}`}>{person.phone}</a> : '—'}</dd>
            </Facts>
          </div>
        </Person>
      ) : (
        <EmptyState
          title="No contact associated"
          action={canWrite ? <Button onClick={() => setLinking(true)}>Link Contact</Button> : undefined}
        />
      )}
      <LinkContactDialog open={linking} onOpenChange={setLinking} deal={deal} />
    </Section>
  );
}
