import {
  type DragEndEvent,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  type CollisionDetection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CONTACT_STATUSES, type Contact, type ContactStatus } from '@tessera/data-access/contracts';
import { useMoveContact, useUpdateContactStatus } from '@tessera/data-access/hooks';
import { Badge, focusRing, toast } from '@tessera/ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { BoardScroll } from '../shared/board-scroll';
import { columnKeyboardCoordinates } from '../shared/column-keyboard-coordinates';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { useOwnerName } from '../shared/use-owner-name';
import { isPipelineStage } from './contact-edit-values';
import { dragHandleProps } from '../shared/drag-handle';

const Column = styled.section<{ $over: boolean }>`
  flex: 0 0 240px;
  background: ${({ theme, $over }) => ($over ? theme.colors.primaryMuted : theme.colors.surfaceMuted)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h3 { margin: 0; padding: ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.md}; display: flex; justify-content: space-between; }
  ul { list-style: none; margin: 0; padding: ${({ theme }) => theme.space(2)}; min-height: 80px; display: grid; gap: ${({ theme }) => theme.space(2)}; }
`;

const Card = styled.article<{ $dragging: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(2)};
  opacity: ${({ $dragging }) => ($dragging ? 0.6 : 1)};
  touch-action: none;
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.xs}; }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 4px;
`;

const NameButton = styled.button`
  font: inherit;
  font-weight: 600;
  background: none;
  border: none;
  padding: 0;
  color: inherit;
  text-align: left;
  cursor: pointer;
  ${focusRing}
`;

const Handle = styled.button`
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: grab;
  color: inherit;
  ${focusRing}
`;

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
const fullName = (contact: Contact) => `${contact.first_name} ${contact.last_name}`.trim();

/** Mouse pointer: the column under it; keyboard: the column the card overlaps. */
const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

function ContactCard({
  contact,
  ownerName,
  onSelect,
  canWrite,
}: {
  contact: Contact;
  ownerName: string;
  onSelect: (id: string) => void;
  canWrite: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging, transform } = useDraggable({
    id: contact.id,
    disabled: !canWrite,
  });
  const { card: pointerListeners, handle } = dragHandleProps(attributes, listeners, setActivatorNodeRef);
  const name = fullName(contact);
  return (
    <Card
      ref={setNodeRef}
      $dragging={isDragging}
      {...pointerListeners}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      data-contact-id={contact.id}
    >
      <Top>
        <NameButton type="button" onClick={() => onSelect(contact.id)} aria-label={`Open contact ${name}`}>
          {name}
        </NameButton>
        {canWrite ? (
          <Handle {...handle} aria-label={`Move contact ${name}`}>
            <span aria-hidden="true">⠿</span>
          </Handle>
        ) : null}
      </Top>
      {contact.company ? <small>{contact.company}</small> : null}
      <small>Owner: {ownerName}</small>
      {contact.tags.length ? (
        <small>
          {contact.tags.map((tag) => (
            <Badge key={tag} $tone="neutral">
              {tag}
            </Badge>
          ))}
        </small>
      ) : null}
    </Card>
  );
}

function StatusColumn({
  status,
  contacts,
  ...card
}: {
  status: ContactStatus;
  contacts: Contact[];
  ownerName: (id: string) => string;
  onSelect: (id: string) => void;
  canWrite: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <Column ref={setNodeRef} $over={isOver} aria-label={`${label(status)} contacts`} data-status={status}>
      <h3>
        {label(status)} <span>{contacts.length}</span>
      </h3>
      <ul>
        {contacts.map((contact) => (
          <li key={contact.id}>
            <ContactCard
              contact={contact}
              ownerName={card.ownerName(contact.owner_id)}
              onSelect={card.onSelect}
              canWrite={card.canWrite}
            />
          </li>
        ))}
      </ul>
    </Column>
  );
}

/**
 * The contacts board (docs/product/contacts.md#contacts-board): a column per status; a card dropped
 * on a pipeline stage is a pipeline move (activity logged, automation rules run), on Active or
 * Inactive a plain status change. Mouse, touch and keyboard (the card's move button, arrows, Space).
 */
export function ContactsBoard({
  contacts,
  onSelectContact,
}: {
  contacts: readonly Contact[];
  onSelectContact: (id: string) => void;
}) {
  const canWrite = useCrmCanWrite();
  const ownerName = useOwnerName();
  const move = useMoveContact();
  const setStatus = useUpdateContactStatus();
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const columns = useMemo(() => {
    const byStatus = new Map<ContactStatus, Contact[]>(CONTACT_STATUSES.map((status) => [status, []]));
    for (const contact of contacts) byStatus.get(contact.status)?.push(contact);
    return byStatus;
  }, [contacts]);
  const byId = useMemo(() => new Map(contacts.map((contact) => [contact.id, contact])), [contacts]);

  async function onDragEnd(event: DragEndEvent) {
    const contact = byId.get(String(event.active.id));
    const to = event.over ? (String(event.over.id) as ContactStatus) : null;
    if (!contact || !to || to === contact.status) return;
    const name = fullName(contact);
    try {
      if (isPipelineStage(to)) {
        const result = await move.mutateAsync({ id: contact.id, stage: to });
        const fired = result.rules_fired.length;
        toast({
          title: `${name} moved to ${label(to)}`,
          description: fired ? `${fired} automation rule(s) ran` : undefined,
        });
      } else {
        await setStatus.mutateAsync({ id: contact.id, status: to });
        toast({ title: `${name} moved to ${label(to)}` });
      }
      setAnnouncement(`${name} moved to ${label(to)}`);
    } catch {
      toast({ title: 'Failed to move the contact', variant: 'destructive' });
      setAnnouncement(`${name} was not moved`);
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={(event) => void onDragEnd(event)}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move a contact, press Space or Enter on its move button. Use the Left and Right arrow keys to move it between statuses, then press Space or Enter to drop it, or Escape to cancel.',
        },
      }}
    >
      <BoardScroll aria-label="Contacts board">
        {CONTACT_STATUSES.map((status) => (
          <StatusColumn
            key={status}
            status={status}
            contacts={columns.get(status) ?? []}
            ownerName={ownerName}
            onSelect={onSelectContact}
            canWrite={canWrite}
          />
        ))}
      </BoardScroll>
      <p role="status" aria-live="polite" style={{ position: 'absolute', left: -9999 }}>
        {announcement}
      </p>
    </DndContext>
  );
}
