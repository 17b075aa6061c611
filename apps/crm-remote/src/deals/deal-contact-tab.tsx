import { useInstitution } from '@tessera/auth';
import type { Deal } from '@tessera/data-access/contracts';
import { useContact, useContacts, useUpdateDeal } from '@tessera/data-access/hooks';
import { Avatar, Button, Dialog, EmptyState, Select, Spinner, toast } from '@tessera/ui';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { initialsOf } from './activity-kind';
import { Actions, ErrorText, Facts, Section, SectionHead } from './deal-detail-parts';
import { useCrmCanWrite } from '../crm-access/use-crm-can-write';

const Person = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

function LinkContactDialog({
  open,
  onOpenChange,
  deal,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deal: Deal;
}) {
  const { currentInstitution } = useInstitution();
  const institutionId = currentInstitution?.id ?? null;
  const contacts = useContacts(institutionId, open);
  const update = useUpdateDeal(institutionId);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setChoice(deal.contact_id ?? '');
      setError(null);
    }
  }, [open, deal.contact_id]);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const options = (contacts.data ?? []).map((contact) => ({
    value: contact.id,
    label:
      `${contact.first_name} ${contact.last_name}`.trim() + (contact.company ? ` · ${contact.company}` : ''),
  }));
  async function save() {
    if (!choice) {
      setError('Choose a contact');
      return;
    }
    try {
      await update.mutateAsync({ id: deal.id, changes: { contact_id: choice, version: deal.version } });
      toast({ title: 'Contact linked' });
      onOpenChange(false);
    } catch {
      setError('Failed to link contact');
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Link Contact"
      description="Pick the contact this deal is with."
    >
      {contacts.isPending ? (
        <Spinner label="Loading contacts" block />
      ) : options.length === 0 ? (
        <EmptyState title="No contacts found" description="Add a contact first, then link it here." />
      ) : (
        <Select
          label="Contact"
          value={choice}
          placeholder="Choose a contact"
          options={options}
          onValueChange={setChoice}
        />
      )}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Actions>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={update.isPending || options.length === 0}>
          {update.isPending ? 'Saving…' : 'Link Contact'}
        </Button>
      </Actions>
    </Dialog>
  );
}

/** Contact tab (spec §2.5): the deal's contact, or its empty state with Link Contact. */
export function DealContactTab({ deal }: { deal: Deal }) {
  const canWrite = useCrmCanWrite();
  const { currentInstitution } = useInstitution();
  const contact = useContact(currentInstitution?.id ?? null, deal.contact_id);
  const [linking, setLinking] = useState(false);
  useEffect(() => {
    // Spec §8: a missing contact is logged only; the tab shows its empty state.
    if (contact.isError) console.error('Deal contact could not be loaded', contact.error);
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
