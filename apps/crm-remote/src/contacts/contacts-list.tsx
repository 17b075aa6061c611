import {
  type Contact,
  CONTACT_LEAD_SOURCES,
  CONTACT_STATUSES,
  contactScore,
  HIGH_SCORE_THRESHOLD,
  timeAgo,
} from '@tessera/data-access/contracts';
import { useContacts } from '@tessera/data-access/hooks';
import { Avatar, Badge, Button, EmptyState, focusRing, Select, toast, SearchInput } from '@tessera/ui';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CRM_BASE_PATH } from '../shared/lead-format';
import styled from 'styled-components';
import type { CrmFilters } from '../shared/crm-tab-props';
import { contactMatchesFilters, contactMatchesSearch } from '../shared/crm-filter-match';
import { AddContactDialog } from './add-contact-dialog';
import { EnrollInSequenceDialog } from './enroll-in-sequence-dialog';
import { ContactsBoard } from './contacts-board';
import { ContactDetail } from './contact-detail';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { FigureTiles } from '../shared/stat-tile';
import { CrmQueryView } from '../shared/crm-query-view';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  input { min-width: 260px; }
`;

const ViewSwitch = styled.fieldset`
  display: inline-flex;
  gap: 4px;
  border: none;
  margin: 0;
  padding: 0;
  legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  > div { margin-bottom: 0; min-width: 200px; }
`;

const Counters = styled(FigureTiles)`
  grid-template-columns: repeat(3, minmax(0, 1fr));
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dd { font-size: ${({ theme }) => theme.font.size.xxl}; }
`;

const Layout = styled.div<{ $withDetail: boolean }>`
  display: grid;
  grid-template-columns: ${({ $withDetail }) => ($withDetail ? 'minmax(0, 3fr) minmax(280px, 2fr)' : '1fr')};
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (max-width: 1023px) { grid-template-columns: 1fr; }
`;

const ListCard = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h3 { margin: 0; padding: ${({ theme }) => theme.space(4)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; font-size: ${({ theme }) => theme.font.size.lg}; }
  ul { list-style: none; margin: 0; padding: 0; max-height: 70vh; overflow-y: auto; }
`;

const Row = styled.button<{ $selected: boolean }>`
  width: 100%;
  display: grid;
  grid-template-columns: 40px minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  text-align: left;
  font: inherit;
  color: inherit;
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primaryMuted : 'none')};
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  ${focusRing}
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  font-weight: 600;
`;

const Line = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Times = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  text-align: right;
  white-space: nowrap;
`;

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
const NO_FILTERS: CrmFilters = { segment: null, source: null, stage: null };

function statusTone(status: Contact['status']) {
  if (status === 'active' || status === 'won' || status === 'qualified') return 'success' as const;
  if (status === 'inactive' || status === 'lost') return 'neutral' as const;
  return 'primary' as const;
}

export interface ContactsListProps {
  filters?: CrmFilters;
  /** Told when a row is clicked (the page may keep the selection). */
  onSelectContact?: (contactId: string) => void;
}

/** Contacts list (docs/product/contacts.md#contacts-list). */
export function ContactsList({ filters = NO_FILTERS, onSelectContact }: ContactsListProps) {
  const canWrite = useCrmCanWrite();
  const contacts = useContacts();
  const [search, setSearch] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [status, setStatus] = useState('all');
  const [source, setSource] = useState('all');
  const [adding, setAdding] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [view, setView] = useState<'list' | 'board'>('list');
  const [now] = useState(() => new Date());

  useEffect(() => {
    if (contacts.isError) toast({ title: 'Failed to load contacts', variant: 'destructive' });
  }, [contacts.isError]);

  const all = contacts.data ?? [];
  const inScope = useMemo(
    () => all.filter((contact) => contactMatchesFilters(contact, filters)),
    [all, filters],
  );
  const rows = useMemo(
    () =>
      inScope.filter(
        (contact) =>
          contactMatchesSearch(contact, search) &&
          (status === 'all' || contact.status === status) &&
          (source === 'all' || contact.lead_source === source),
      ),
    [inScope, search, status, source],
  );
  const narrowed =
    search.trim() !== '' || status !== 'all' || source !== 'all' || inScope.length !== all.length;
  const active = inScope.filter((contact) => contact.status === 'active').length;
  const highScore = inScope.filter((contact) => contactScore(contact) >= HIGH_SCORE_THRESHOLD).length;

  function select(contactId: string) {
    setSelectedId(contactId);
    onSelectContact?.(contactId);
  }

  return (
    <section aria-labelledby="contacts-heading">
      <Head>
        <h2 id="contacts-heading">Contacts</h2>
        <Tools>
          <SearchInput
            aria-label="Search contacts"
            placeholder="Search contacts..."
            value={search}
            onValueChange={setSearch}
          />
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters
          </Button>
          <Link to={`${CRM_BASE_PATH}/companies`}>Companies</Link>
          <ViewSwitch>
            <legend>Contacts view</legend>
            <Button
              variant={view === 'list' ? 'primary' : 'secondary'}
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
            >
              List
            </Button>
            <Button
              variant={view === 'board' ? 'primary' : 'secondary'}
              aria-pressed={view === 'board'}
              onClick={() => setView('board')}
            >
              Board
            </Button>
          </ViewSwitch>
          {canWrite ? (
            <Button variant="secondary" onClick={() => setEnrolling(true)}>
              Enroll in Sequence
            </Button>
          ) : null}
          {canWrite ? <Button onClick={() => setAdding(true)}>Add Contact</Button> : null}
        </Tools>
      </Head>
      {filtersOpen ? (
        <FilterBar role="group" aria-label="Contact filters">
          <Select
            label="Status"
            value={status}
            options={[
              { value: 'all', label: 'All statuses' },
              ...CONTACT_STATUSES.map((s) => ({ value: s, label: label(s) })),
            ]}
            onValueChange={setStatus}
          />
          <Select
            label="Source"
            value={source}
            options={[
              { value: 'all', label: 'All sources' },
              ...CONTACT_LEAD_SOURCES.map((s) => ({ value: s, label: label(s) })),
            ]}
            onValueChange={setSource}
          />
        </FilterBar>
      ) : null}
      <Counters>
        <div>
          <dt>Total</dt>
          <dd>{contacts.isPending ? '…' : inScope.length}</dd>
        </div>
        <div>
          <dt>Active</dt>
          <dd>{contacts.isPending ? '…' : active}</dd>
        </div>
        <div>
          <dt>High Score Leads</dt>
          <dd>{contacts.isPending ? '…' : highScore}</dd>
        </div>
      </Counters>
      {view === 'board' ? (
        <>
          <CrmQueryView query={contacts} loading="contacts">
            {() => <ContactsBoard contacts={rows} onSelectContact={select} />}
          </CrmQueryView>
          {selectedId ? (
            <ContactDetail contactId={selectedId} now={now} onClose={() => setSelectedId(null)} />
          ) : null}
        </>
      ) : (
        <Layout $withDetail={selectedId !== null}>
          <ListCard aria-labelledby="all-contacts-heading">
            <h3 id="all-contacts-heading">
              {contacts.isPending ? 'All Contacts' : `All Contacts (${rows.length})`}
            </h3>
            <CrmQueryView
              query={contacts}
              loading="contacts"
              shown={rows}
              empty={
                <EmptyState
                  title={narrowed ? 'No contacts found matching your search' : 'No contacts found'}
                />
              }
            >
              {() => (
                <ul>
                  {rows.map((contact) => {
                    const score = contactScore(contact);
                    const fullName = `${contact.first_name} ${contact.last_name}`.trim();
                    const role = [contact.title, contact.company].filter(Boolean).join(' at ');
                    return (
                      <li key={contact.id}>
                        <Row
                          type="button"
                          $selected={contact.id === selectedId}
                          aria-pressed={contact.id === selectedId}
                          onClick={() => select(contact.id)}
                        >
                          <Avatar
                            name={fullName}
                            initials={`${contact.first_name.charAt(0)}${contact.last_name.charAt(0)}`.toUpperCase()}
                          />
                          <span>
                            <Name>
                              {fullName}
                              <Badge $tone={statusTone(contact.status)}>{contact.status}</Badge>
                              <Badge $tone={score >= HIGH_SCORE_THRESHOLD ? 'success' : 'neutral'}>
                                Score {score}
                              </Badge>
                            </Name>
                            {role ? <Line>{role}</Line> : null}
                            <Line>
                              {[contact.email, contact.phone].filter(Boolean).join(' · ') ||
                                'No email or phone'}
                            </Line>
                            <Line>
                              Source:{' '}
                              {contact.lead_source ? contact.lead_source.replaceAll('_', ' ') : 'Unknown'}
                            </Line>
                          </span>
                          <Times>
                            Added {timeAgo(contact.created_at, now)}
                            <br />
                            Updated {timeAgo(contact.updated_at, now)}
                          </Times>
                        </Row>
                      </li>
                    );
                  })}
                </ul>
              )}
            </CrmQueryView>
          </ListCard>
          {selectedId ? (
            <ContactDetail contactId={selectedId} now={now} onClose={() => setSelectedId(null)} />
          ) : null}
        </Layout>
      )}
      <AddContactDialog open={adding} onOpenChange={setAdding} onCreated={select} />
      <EnrollInSequenceDialog open={enrolling} onOpenChange={setEnrolling} contacts={rows} />
    </section>
  );
}
